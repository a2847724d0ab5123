// A damaged settings file must not stop the app or vanish silently: it is kept as `<name>.corrupt-<time>`,
// the defaults take its place, and the streamer gets one notice naming both files.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoticeBoard } from '../../../main/app-service/notice-board.js';
import { ProfileStore } from '../../../main/profiles/profiles.js';
import { SessionService, type ProfileSecrets } from '../../../main/session/session-service.js';
import { HookReceiverSettingsStore } from '../../../main/settings/hook-receiver-settings.js';
import { LiveSettingsStore } from '../../../main/settings/live-settings.js';
import { UploadSettingsStore } from '../../../main/settings/upload-settings.js';

let dir: string;
let notices: string[];
const report = (message: string) => notices.push(message);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-recovery-'));
  notices = [];
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function backups(name: string): Promise<string[]> {
  return (await readdir(dir)).filter((file) => file.startsWith(`${name}.corrupt-`));
}

/** Each store, read once: what its defaults look like to a caller. */
const stores = {
  'live.json': { read: () => new LiveSettingsStore(dir, report).load(), defaults: { channels: {}, recordWhenLive: false, ingestPort: 1935, destinations: {}, safetyCopy: { enabled: false, folder: null, uploadWhenDone: false }, bridge: { enabled: true, windowSeconds: 60 } } },
  'uploads.json': { read: () => new UploadSettingsStore(dir, report).load(), defaults: { concurrency: 2, speedLimit: null, timetable: null, partsInFlight: 3 } },
  'hook-receiver.json': { read: () => new HookReceiverSettingsStore(dir, report).port(), defaults: null },
  'profiles.json': { read: () => new ProfileStore(dir, report).load(), defaults: { active: 'sandbox', profiles: { sandbox: { kind: 'sandbox', dialect: 'spec', plainRtmp: false } } } },
} as const;

describe.each(Object.entries(stores))('%s', (name, store) => {
  it('is backed up, reset to the defaults and reported once when it is not JSON', async () => {
    const damaged = '{"half a file';
    await writeFile(join(dir, name), damaged);
    expect(await store.read()).toEqual(store.defaults);
    const [backup, ...more] = await backups(name);
    expect(more).toEqual([]);
    expect(backup).toMatch(new RegExp(`^${name.replace('.', '\\.')}\\.corrupt-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z$`));
    expect(await readFile(join(dir, backup!), 'utf8')).toBe(damaged);
    // The file itself now holds valid settings, so the next start reads it without a word.
    JSON.parse(await readFile(join(dir, name), 'utf8'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(name);
    expect(notices[0]).toContain(join(dir, backup!));
    expect(await store.read()).toEqual(store.defaults);
    expect(notices).toHaveLength(1);
  });

  it('is reset when it is JSON of the wrong shape', async () => {
    await writeFile(join(dir, name), JSON.stringify({ port: 'nine', concurrency: 'lots', ingestPort: -1, active: 'NOT A NAME' }));
    expect(await store.read()).toEqual(store.defaults);
    expect(await backups(name)).toHaveLength(1);
    expect(notices).toHaveLength(1);
  });

  it('gives the defaults without a notice or a file when it is missing', async () => {
    expect(await store.read()).toEqual(store.defaults);
    expect(await readdir(dir)).toEqual([]);
    expect(notices).toEqual([]);
  });
});

describe('recovery', () => {
  it('makes one backup and one notice when several readers find the same damaged file', async () => {
    await writeFile(join(dir, 'live.json'), 'garbage');
    const store = new LiveSettingsStore(dir, report);
    await Promise.all([store.load(), store.load(), store.load()]);
    expect(await backups('live.json')).toHaveLength(1);
    expect(notices).toHaveLength(1);
  });

  it('keeps the settings it can read', async () => {
    await writeFile(join(dir, 'uploads.json'), JSON.stringify({ concurrency: 3, speedLimit: 1000 }));
    expect(await new UploadSettingsStore(dir, report).load()).toEqual({ concurrency: 3, speedLimit: 1000, timetable: null, partsInFlight: 3 });
    expect(notices).toEqual([]);
  });
});

describe('a damaged profiles file', () => {
  it('names the platform profiles that are no longer listed', async () => {
    // One profile's address is broken, which makes the whole file invalid.
    const file = { active: 'studio', profiles: { sandbox: { kind: 'sandbox' }, studio: { kind: 'platform', apiUrl: 'not a url', authUrl: 'https://a.example', clientId: 'c' }, backup: { kind: 'platform', apiUrl: 'https://b.example', authUrl: 'https://b.example', clientId: 'c' } } };
    await writeFile(join(dir, 'profiles.json'), JSON.stringify(file));
    const profiles = await new ProfileStore(dir, report).load();
    expect(Object.keys(profiles.profiles)).toEqual(['sandbox']);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('studio, backup');
    expect(notices[0]).toContain('keychain');
  });

  it('says that profiles may be lost when it cannot tell which', async () => {
    await writeFile(join(dir, 'profiles.json'), '\u0000\u0000\u0000');
    await new ProfileStore(dir, report).load();
    expect(notices[0]).toContain('Any platform profiles it held are no longer listed');
  });
});

describe('the session', () => {
  const noSecrets: ProfileSecrets = { token: async () => null, saveToken: async () => {}, deleteToken: async () => null, clientSecret: { read: async () => null, save: async () => {} } };

  it('recovers accounts.json and profiles.json as it opens, and its notices reach the windows that open later', async () => {
    await writeFile(join(dir, 'profiles.json'), '[');
    await writeFile(join(dir, 'accounts.json'), '{"sandbox": {"user": 42}}');
    const heard: string[] = [];
    const notices = new NoticeBoard();
    const session = new SessionService({
      dataDir: dir,
      secretsFor: () => noSecrets,
      onSettingsRecovered: (message) => notices.notify({ level: 'warning', message }),
    });
    notices.events.on('notice', (notice) => heard.push(notice.message));
    await session.open();
    notices.startupFinished();
    expect(heard).toHaveLength(2);
    expect(heard.join('\n')).toContain('profiles.json');
    expect(heard.join('\n')).toContain('accounts.json');
    expect(notices.startupNotices().map((notice) => notice.message)).toEqual(heard);
    // Notices after the start are events only: a window that opens later is not told of them again.
    notices.notify({ level: 'info', message: 'later' });
    expect(notices.startupNotices()).toHaveLength(2);
    expect(await backups('profiles.json')).toHaveLength(1);
    expect(await backups('accounts.json')).toHaveLength(1);
    await session.close();
  });
});
