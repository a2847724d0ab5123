// A profile's extra destinations (multistream) against a real keychain (the harness's GNOME Keyring) and
// a real live.json: the stream key goes to the keychain and never into the settings file; the saved list
// turns into relay destinations when the broadcast starts; switching one on or off mid-broadcast adds it to
// or removes it from the running relay; one whose key went missing is said in its row and left out.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../../../main/log/redacting-logger.js';
import { DestinationRunner } from '../../../main/live/destination-runner.js';
import type { KeeperPlatform } from '../../../main/live/streaming-key-keeper.js';
import type { Relay } from '../../../main/relay/relay.js';
import type { DestinationSpec, RelayStats } from '../../../main/relay/relay-types.js';
import { LiveSettingsStore } from '../../../main/settings/live-settings.js';
import { keytarSecretStore } from '../../../main/vault/secret-store.js';
import { Vault } from '../../../main/vault/vault.js';
import { requireKeyring } from '../../support/keyring.js';

const PROFILE = 'multistream';
const KEY = `live_${randomBytes(12).toString('hex')}`;
let dataDir: string;
let logged = '';
let logger: Logger;

beforeAll(async () => {
  requireKeyring();
  dataDir = await mkdtemp(join(tmpdir(), 'companion-destinations-'));
  logger = createLogger({ sink: { write: (line: string) => (logged += line) }, level: 'debug' });
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A relay that records what the runner asks of it. */
function recordingRelay(): Relay & { added: DestinationSpec[]; removed: string[]; reconnected: (string | undefined)[] } {
  const added: DestinationSpec[] = [];
  const removed: string[] = [];
  const reconnected: (string | undefined)[] = [];
  return {
    added,
    removed,
    reconnected,
    start: async () => undefined,
    stop: async () => undefined,
    reconnectNow: (id) => void reconnected.push(id),
    addDestination: async (spec) => void added.push(spec),
    removeDestination: async (id) => void removed.push(id),
    stats: () => ({}) as RelayStats,
  };
}

const noPlatform = {} as KeeperPlatform;

describe('saved destinations', () => {
  it('keeps the key in the keychain, the rest in live.json, and switches destinations in and out of a running broadcast', async () => {
    const service = `Broadcaster Companion test ${randomBytes(4).toString('hex')}`;
    const vault = new Vault(keytarSecretStore(service), PROFILE, logger);
    const settings = new LiveSettingsStore(dataDir, () => undefined);
    let changes = 0;
    const runner = new DestinationRunner({ settings, keys: () => vault, profile: () => PROFILE, logger, onChange: () => (changes += 1) });

    await runner.add({ label: 'Second platform', url: 'rtmp://live.example.test/app/', key: KEY }, async () => undefined);
    const file = await readFile(join(dataDir, 'live.json'), 'utf8');
    expect(file).not.toContain(KEY);
    const saved = (await settings.load()).destinations[PROFILE]!;
    expect(saved).toEqual([{ id: expect.stringMatching(/^d-/), label: 'Second platform', kind: 'rtmp', channelId: null, url: 'rtmp://live.example.test/app', enabled: true }]);
    const id = saved[0]!.id;
    expect(await keytarSecretStore(service).get(`${PROFILE}/stream-key/destination-${id}`)).toBe(KEY);
    expect(changes).toBe(1);

    // Another channel of the account: named by the channel list; one not in it is refused in words.
    await expect(runner.add({ channelId: '404' }, async () => undefined)).rejects.toThrow('There is no channel 404 among your channels');
    await runner.add({ channelId: '5003' }, async (channel) => (channel === '5003' ? 'Backup channel' : undefined));
    await runner.setEnabled((await settings.load()).destinations[PROFILE]![1]!.id, false);

    // Not live: a row per destination, the channel first.
    expect(runner.rows(null, { label: 'Main channel' }).map((row) => [row.kind, row.label, row.state])).toEqual([
      ['main', 'Main channel', 'idle'],
      ['rtmp', 'Second platform', 'idle'],
      ['channel', 'Backup channel', 'off'],
    ]);

    // Going live: the switched-on address becomes a destination whose URL has its key back.
    const specs = await runner.prepare(noPlatform, false, '5001');
    expect(specs.map((spec) => spec.id)).toEqual([id]);
    expect(await specs[0]!.targets.targets()).toEqual([{ id: `${id}-1`, label: 'Second platform · live.example.test', url: `rtmp://live.example.test/app/${KEY}` }]);
    const relay = recordingRelay();
    runner.attach(relay);

    // Switched off and on mid-broadcast: it leaves and joins the running relay.
    await runner.setEnabled(id, false);
    expect(relay.removed).toEqual([id]);
    await runner.setEnabled(id, true);
    expect(relay.added.map((spec) => spec.id)).toEqual([id]);
    await runner.reconnect(id);
    expect(relay.reconnected).toEqual([id]);

    // Its key gone from the keychain (deleted in the OS's own tool): the row says what to do, the others go on.
    await vault.streamKeys.forget(`destination-${id}`);
    await runner.setEnabled(id, false);
    await runner.setEnabled(id, true);
    expect(relay.added).toHaveLength(1);
    const row = runner.rows(null, { label: 'Main channel' }).find((entry) => entry.id === id)!;
    expect(row).toMatchObject({ state: 'stopped', lastFailure: { kind: 'unavailable', reason: expect.stringContaining('add it again with its key') } });

    // Removed: out of the relay, the list and the keychain.
    await runner.add({ label: 'Third', url: 'rtmps://third.example.test/live', key: `${KEY}-3` }, async () => undefined);
    const third = (await settings.load()).destinations[PROFILE]!.find((entry) => entry.label === 'Third')!;
    expect(relay.added.map((spec) => spec.id)).toEqual([id, third.id]);
    await runner.remove(third.id);
    expect(relay.removed.at(-1)).toBe(third.id);
    expect((await settings.load()).destinations[PROFILE]!.map((entry) => entry.label)).toEqual(['Second platform', 'Backup channel']);
    expect(await keytarSecretStore(service).get(`${PROFILE}/stream-key/destination-${third.id}`)).toBeNull();
    runner.end();

    // Switched off while the broadcast was being prepared (after the list was read, before the relay existed):
    // it leaves once the relay is there.
    await vault.streamKeys.save(`destination-${id}`, KEY);
    const before = await runner.prepare(noPlatform, false, '5001');
    expect(before.map((spec) => spec.id)).toEqual([id]);
    await runner.setEnabled(id, false);
    const late = recordingRelay();
    runner.attach(late);
    await expect.poll(() => late.removed).toEqual([id]);
    runner.end();

    expect(await readFile(join(dataDir, 'live.json'), 'utf8')).not.toContain(KEY);
    expect(logged).not.toContain(KEY);
  });
});
