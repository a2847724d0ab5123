// The keychain-or-memory store: each cause of a missing keychain, the waiting state of a keychain that prompts,
// and the keychain coming back mid-run. The keychain here is scripted (its failures are the messages
// libsecret, D-Bus and macOS really give); the real keychain is tested in test/integration/vault/.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FallbackSecretStore, type KeychainState } from '../../../main/vault/fallback-secret-store.js';
import { keychainFix } from '../../../main/vault/keychain-advice.js';
import { describeKeychain } from '../../../main/vault/keychain-status.js';
import { isVanishedItem, keychainError, KeychainUnavailableError, type KeychainProblem, type KeychainStore } from '../../../main/vault/secret-store.js';

/** A keychain whose answers the test decides: `failWith` makes every call reject, `hang` leaves them pending. */
class ScriptedKeychain implements KeychainStore {
  readonly items = new Map<string, string>();
  failWith: Error | null = null;
  hang = false;
  readonly #hung: Array<() => void> = [];
  calls = 0;

  /** Answers every hung call (as a keychain does once its prompt is answered). */
  answer(): void {
    this.hang = false;
    for (const resume of this.#hung.splice(0)) resume();
  }

  async #call<T>(work: () => T): Promise<T> {
    this.calls += 1;
    if (this.hang) await new Promise<void>((resolve) => this.#hung.push(resolve));
    if (this.failWith) throw this.failWith;
    return work();
  }

  check = () => this.#call(() => undefined);
  get = (account: string) => this.#call(() => this.items.get(account) ?? null);
  set = (account: string, value: string) => this.#call(() => void this.items.set(account, value));
  delete = (account: string) => this.#call(() => this.items.delete(account));
  list = () => this.#call(() => [...this.items.keys()]);
}

function storeOver(keychain: ScriptedKeychain, options: ConstructorParameters<typeof FallbackSecretStore>[1] = {}) {
  const store = new FallbackSecretStore(keychain, { promptAfterMs: 1_000, giveUpAfterMs: 10_000, recheckEveryMs: 5_000, ...options });
  const states: KeychainState[] = [];
  store.onChange((state) => states.push(state));
  return { store, states };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('what a keychain failure means', () => {
  const cases: Array<[string, KeychainProblem]> = [
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-session-bus'],
    ['Could not connect: No such file or directory', 'no-session-bus'],
    ['GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files', 'no-secret-service'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-secret-service'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'no-keyring'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['User interaction is not allowed.', 'locked'],
    ['The user name or passphrase you entered is not correct.', 'refused'],
  ];
  it.each(cases)('%s → %s', (message, problem) => {
    const error = keychainError(new Error(message));
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect(error.problem).toBe(problem);
    // The backend's own words stay in the reason, for a bug report.
    expect(error.reason).toContain(message.replace(/[.\s]+$/, ''));
    expect(error.message).toBe(`No keychain is available: ${error.reason}.`);
  });

  it('an item another process deleted mid-read is told apart from a missing keyring (it is asked again)', () => {
    const vanished = [
      'No such interface “org.freedesktop.Secret.Item” on object at path /org/freedesktop/secrets/collection/login/12',
      'No such secret item at path: /org/freedesktop/secrets/collection/login/14',
      'Object does not exist at path “/org/freedesktop/secrets/collection/login/7”',
    ];
    for (const message of vanished) {
      expect(isVanishedItem(new Error(message)), message).toBe(true);
      expect(keychainError(new Error(message)).problem).toBe('refused');
    }
    expect(isVanishedItem(new Error('Object does not exist at path “/org/freedesktop/secrets/collection/login”'))).toBe(false);
    expect(isVanishedItem(new Error('Cannot create an item in a locked collection'))).toBe(false);
  });

  it('every problem has a fix on each OS, and the ones that need a command name it', () => {
    const problems: KeychainProblem[] = ['module-missing', 'no-session-bus', 'no-secret-service', 'no-keyring', 'locked', 'refused', 'no-answer'];
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      for (const problem of problems) expect(keychainFix(problem, platform).length, `${problem} on ${platform}`).toBeGreaterThan(20);
    }
    expect(keychainFix('no-secret-service', 'linux')).toContain('sudo apt-get install -y gnome-keyring');
    expect(keychainFix('no-session-bus', 'linux')).toContain('dbus-run-session');
    expect(keychainFix('locked', 'darwin')).toContain('Keychain Access');
    expect(keychainFix('module-missing', 'linux')).toContain('npm rebuild keytar');
  });
});

describe('with a working keychain', () => {
  it('keeps secrets in the keychain, nothing in memory', async () => {
    const keychain = new ScriptedKeychain();
    const { store, states } = storeOver(keychain);
    await store.set('p/token/user', 'secret-1');
    expect(keychain.items.get('p/token/user')).toBe('secret-1');
    expect(await store.get('p/token/user')).toBe('secret-1');
    expect(await store.list()).toEqual(['p/token/user']);
    expect(await store.delete('p/token/user')).toBe(true);
    expect(keychain.items.size).toBe(0);
    expect(states).toEqual([{ mode: 'keychain' }]);
    expect(describeKeychain(store.state, 'linux')).toEqual({ mode: 'keychain', name: 'the Secret Service (GNOME Keyring or KWallet)' });
  });

  it('passes a caller mistake on instead of falling back', async () => {
    const keychain = new ScriptedKeychain();
    const { store } = storeOver(keychain);
    await store.ready();
    keychain.failWith = new TypeError('The keychain account must not be empty.');
    await expect(store.set('', 'x')).rejects.toThrow(TypeError);
    expect(store.state.mode).toBe('keychain');
  });
});

describe('without a keychain', () => {
  it('keeps secrets in memory for the run and says why, with the fix', async () => {
    const keychain = new ScriptedKeychain();
    keychain.failWith = new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
    const { store } = storeOver(keychain);
    await store.set('p/local-ingest-key', 'live_abc');
    expect(await store.get('p/local-ingest-key')).toBe('live_abc');
    expect(await store.list()).toEqual(['p/local-ingest-key']);
    expect(keychain.items.size).toBe(0);
    const status = describeKeychain(store.state, 'linux');
    expect(status).toMatchObject({ mode: 'memory', problem: 'no-session-bus' });
    if (status.mode !== 'memory') throw new Error('unreachable');
    expect(status.reason).toContain('Cannot autolaunch D-Bus');
    expect(status.fix).toContain('gnome-keyring');
    expect(await store.delete('p/local-ingest-key')).toBe(true);
    expect(await store.get('p/local-ingest-key')).toBeNull();
    store.close();
  });

  it('a keychain module that does not load is memory mode too', async () => {
    const keychain = new ScriptedKeychain();
    keychain.failWith = new KeychainUnavailableError('module-missing', 'the keychain module (keytar) could not be loaded (Cannot find package keytar)');
    const { store } = storeOver(keychain);
    await store.set('p/client-secret', 's3cret');
    expect(await store.get('p/client-secret')).toBe('s3cret');
    expect(store.state).toEqual({ mode: 'memory', problem: 'module-missing', reason: 'the keychain module (keytar) could not be loaded (Cannot find package keytar)' });
  });

  it('a keychain that fails mid-run: the secret goes to memory and reads still find it', async () => {
    const keychain = new ScriptedKeychain();
    const { store, states } = storeOver(keychain);
    await store.set('p/a', 'one');
    keychain.failWith = new Error('Cannot create an item in a locked collection');
    await store.set('p/b', 'two');
    expect(states.map((state) => state.mode)).toEqual(['keychain', 'memory']);
    expect(await store.get('p/b')).toBe('two');
    // What the keychain already had is out of reach while it is locked: reads do not ask it.
    expect(await store.get('p/a')).toBeNull();
    store.close();
  });
});

describe('the keychain coming back mid-run', () => {
  it('a quiet problem (no Secret Service) is asked again on a timer; memory moves into the keychain', async () => {
    vi.useFakeTimers();
    const keychain = new ScriptedKeychain();
    keychain.failWith = new Error('The name org.freedesktop.secrets was not provided by any .service files');
    const { store, states } = storeOver(keychain);
    await store.set('p/token/user', 'tok');
    await store.set('p/local-ingest-key', 'key');
    expect(store.state.mode).toBe('memory');

    keychain.failWith = null;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.state).toEqual({ mode: 'keychain' });
    expect(Object.fromEntries(keychain.items)).toEqual({ 'p/token/user': 'tok', 'p/local-ingest-key': 'key' });
    // New secrets go there too, and the moved ones read back from it.
    await store.set('p/stream-key/5001', 'sk');
    expect(keychain.items.get('p/stream-key/5001')).toBe('sk');
    keychain.items.set('p/token/user', 'rotated-in-keychain');
    expect(await store.get('p/token/user')).toBe('rotated-in-keychain');
    expect(states.map((state) => state.mode)).toEqual(['memory', 'keychain']);
    store.close();
  });

  it('a locked keychain is not asked on a timer (that could prompt every few seconds), but on the next new secret', async () => {
    vi.useFakeTimers();
    const keychain = new ScriptedKeychain();
    keychain.failWith = new Error('Cannot create an item in a locked collection');
    const { store } = storeOver(keychain);
    await store.set('p/token/user', 'tok');
    const callsWhileLocked = keychain.calls;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(keychain.calls).toBe(callsWhileLocked);

    keychain.failWith = null; // unlocked by the streamer
    await store.set('p/local-ingest-key', 'key');
    expect(store.state.mode).toBe('keychain');
    expect(Object.fromEntries(keychain.items)).toEqual({ 'p/token/user': 'tok', 'p/local-ingest-key': 'key' });
  });

  it('retry() asks at once, and says so when the keychain is still missing', async () => {
    const keychain = new ScriptedKeychain();
    keychain.failWith = new Error('Object does not exist at path “/org/freedesktop/secrets/collection/login”');
    const { store } = storeOver(keychain);
    await store.set('p/a', 'one');
    expect((await store.retry()).mode).toBe('memory');
    keychain.failWith = null;
    expect(await store.retry()).toEqual({ mode: 'keychain' });
    expect(keychain.items.get('p/a')).toBe('one');
  });
});

describe('a keychain that prompts', () => {
  it('shows waiting after a moment, then keeps the secret in memory when nobody answers in time', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const keychain = new ScriptedKeychain();
    keychain.hang = true;
    const { store, states } = storeOver(keychain, { now: () => Date.now() });
    const ready = store.ready();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.state).toEqual({ mode: 'waiting', giveUpAt: 1_000_000 + 10_000 });
    expect(describeKeychain(store.state, 'darwin')).toEqual({ mode: 'waiting', name: 'the macOS Keychain', giveUpAt: 1_010_000 });
    await vi.advanceTimersByTimeAsync(9_000);
    await ready;
    expect(store.state).toMatchObject({ mode: 'memory', problem: 'no-answer' });
    expect(states.map((state) => state.mode)).toEqual(['waiting', 'memory']);

    // Memory takes the secrets; a keychain that stays silent is not asked again and again.
    await store.set('p/token/user', 'tok');
    expect(await store.get('p/token/user')).toBe('tok');

    // The prompt is answered late: the keychain takes over, with what memory held.
    keychain.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.state).toEqual({ mode: 'keychain' });
    expect(keychain.items.get('p/token/user')).toBe('tok');
  });

  it('an answer within the wait goes back to the keychain without falling back', async () => {
    vi.useFakeTimers();
    const keychain = new ScriptedKeychain();
    const { store, states } = storeOver(keychain);
    await store.ready();
    keychain.hang = true;
    const write = store.set('p/token/user', 'tok');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(store.state.mode).toBe('waiting');
    keychain.answer();
    await write;
    expect(store.state).toEqual({ mode: 'keychain' });
    expect(keychain.items.get('p/token/user')).toBe('tok');
    expect(states.map((state) => state.mode)).toEqual(['keychain', 'waiting', 'keychain']);
  });
});
