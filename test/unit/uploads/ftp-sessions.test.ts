// Which logged-in FTP connection a transfer gets (ftp-sessions.ts): the one of the file before when the
// four details are the same, a new login when they differ, when the kept one was dropped or failed, or
// when the queue closed; `prepare` logs in ahead only when no connection of that login exists, a bounded
// number of times. The logins here are fakes that count; the real ones are in
// test/integration/uploads/ftp-session-reuse.test.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'basic-ftp';
import { describe, expect, it } from 'vitest';
import { FtpSessions, type FtpLogin } from '../../../main/uploads/ftp-sessions.js';

interface FakeClient {
  readonly id: number;
  readonly login: FtpLogin;
  closed: boolean;
  quit: boolean;
}

function rig(options: { idleMs?: number; maxWaiting?: number; loginMs?: number } = {}) {
  const opened: FakeClient[] = [];
  const sessions = new FtpSessions({
    timeoutMs: 1000,
    ...options,
    open: async (login) => {
      const fake: FakeClient = { id: opened.length + 1, login, closed: false, quit: false };
      opened.push(fake);
      if (options.loginMs) await sleep(options.loginMs);
      const client = {
        fake,
        get closed() {
          return fake.closed;
        },
        close: () => void (fake.closed = true),
        send: async (command: string) => {
          if (command === 'QUIT') fake.quit = true;
          return { code: 221, message: 'bye' };
        },
        ftp: { socket: { ref: () => undefined, unref: () => undefined } },
      };
      return client as unknown as Client;
    },
  });
  const idOf = (client: Client): number => (client as unknown as { fake: FakeClient }).fake.id;
  return { sessions, opened, idOf };
}

const LOGIN: FtpLogin = { host: '127.0.0.1', port: 2121, user: 'companion', password: 'secret' };
const signal = new AbortController().signal;

describe('FtpSessions', () => {
  it('hands the connection of the file before to the next file of the same login, logged in once', async () => {
    const { sessions, opened, idOf } = rig();
    const first = await sessions.take(LOGIN, signal);
    expect(first.waited).toBe(false);
    first.release(true);
    const second = await sessions.take({ ...LOGIN }, signal);
    expect(second.waited).toBe(true);
    expect(idOf(second.client)).toBe(idOf(first.client));
    expect(opened).toHaveLength(1);
    expect(sessions.logins).toBe(1);
  });

  it('logs in again when any of the four details differ, and logs out of the used connection of the other login', async () => {
    const { sessions, opened } = rig();
    for (const login of [LOGIN, { ...LOGIN, password: 'other' }, { ...LOGIN, user: 'other' }, { ...LOGIN, port: 2122 }, { ...LOGIN, host: '127.0.0.2' }]) {
      (await sessions.take(login, signal)).release(true);
    }
    expect(opened).toHaveLength(5);
    // A login per video: a connection that carried its file will not carry another.
    expect(opened.map((client) => client.quit)).toEqual([true, true, true, true, false]);
  });

  it('keeps a prepared connection of another login while a file goes', async () => {
    const { sessions, opened } = rig();
    sessions.prepare({ ...LOGIN, user: 'next' });
    const lease = await sessions.take(LOGIN, signal);
    lease.release(true);
    sessions.prepare({ ...LOGIN, user: 'after-next' });
    expect(opened.map((client) => [client.login.user, client.quit])).toEqual([
      ['next', false],
      ['companion', true],
      ['after-next', false],
    ]);
  });

  it('logs in again after a transfer that failed (its connection closed) and after the server dropped a kept one', async () => {
    const { sessions, opened } = rig();
    (await sessions.take(LOGIN, signal)).release(false);
    expect(opened[0]!.closed).toBe(true);
    (await sessions.take(LOGIN, signal)).release(true);
    // The server's idle timeout: basic-ftp marks the client closed.
    opened[1]!.closed = true;
    const third = await sessions.take(LOGIN, signal);
    expect(third.waited).toBe(false);
    expect(opened).toHaveLength(3);
  });

  it('gives a fresh login when asked, though one is kept', async () => {
    const { sessions, opened } = rig();
    (await sessions.take(LOGIN, signal)).release(true);
    const fresh = await sessions.take(LOGIN, signal, { fresh: true });
    expect(fresh.waited).toBe(false);
    expect(opened).toHaveLength(2);
  });

  it('lends a kept connection to one transfer at a time', async () => {
    const { sessions, opened, idOf } = rig();
    (await sessions.take(LOGIN, signal)).release(true);
    const a = await sessions.take(LOGIN, signal);
    const b = await sessions.take(LOGIN, signal);
    expect(idOf(a.client)).not.toBe(idOf(b.client));
    expect(opened).toHaveLength(2);
  });

  it('prepares a login for a file to come only when no connection of that login is kept, lent or being opened', async () => {
    const { sessions, opened } = rig({ loginMs: 10 });
    sessions.prepare(LOGIN);
    sessions.prepare(LOGIN);
    expect(opened).toHaveLength(1);
    const lease = await sessions.take(LOGIN, signal);
    // The prepared login went to this file: no second one.
    expect(opened).toHaveLength(1);
    expect(lease.waited).toBe(true);
    sessions.prepare(LOGIN);
    expect(opened).toHaveLength(1);
    lease.release(true);
    sessions.prepare(LOGIN);
    expect(opened).toHaveLength(1);
    // Per-video logins (the sandbox's `upload-<video id>`): each one prepared while the file before goes.
    sessions.prepare({ ...LOGIN, user: 'upload-2', password: 'p2' });
    sessions.prepare({ ...LOGIN, user: 'upload-3', password: 'p3' });
    expect(opened).toHaveLength(3);
    const two = await sessions.take({ ...LOGIN, user: 'upload-2', password: 'p2' }, signal);
    expect(two.client).toBeDefined();
    expect(opened).toHaveLength(3);
  });

  it('keeps at most maxWaiting connections waiting, logging the oldest out, and logs out of those idle too long', async () => {
    const { sessions, opened } = rig({ maxWaiting: 2, idleMs: 40 });
    const leases = await Promise.all([1, 2, 3].map(() => sessions.take(LOGIN, signal)));
    for (const lease of leases) lease.release(true);
    expect(opened.map((client) => client.quit)).toEqual([true, false, false]);
    await sleep(120);
    expect(opened.map((client) => client.quit)).toEqual([true, true, true]);
    // Prepared logins count among the waiting: no more than two.
    for (const user of ['u4', 'u5', 'u6']) sessions.prepare({ ...LOGIN, user });
    expect(opened.map((client) => client.login.user).slice(3)).toEqual(['u4', 'u5']);
  });

  it('logs out of every kept connection on close, prepares nothing after, and closes one given back after', async () => {
    const { sessions, opened } = rig();
    const lent = await sessions.take({ ...LOGIN, user: 'lent' }, signal);
    (await sessions.take(LOGIN, signal)).release(true);
    sessions.close();
    expect(opened[1]!.quit).toBe(true);
    sessions.prepare({ ...LOGIN, user: 'later' });
    expect(opened).toHaveLength(2);
    lent.release(true);
    expect(opened[0]!.closed).toBe(true);
  });
});
