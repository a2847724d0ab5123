// Issue 22, "the CLI is a guest": --profile and the other per-run options (COMPANION_PROFILE, --dialect,
// --plain-rtmp, COMPANION_DIALECT) leave every saved settings file byte for byte as it was; only
// `companion profile use` and `companion settings set` change them, and the app (`companion ui`, a new core)
// then opens with what they saved. The built CLI, the embedded sandbox, a temporary data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveState } from '../../../preload/contract.js';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { ContractSocket } from '../../support/contract-socket.js';
import { requireKeyring } from '../../support/keyring.js';
import { savedSettingsFiles } from './saved-settings-files.js';

let dataDir: string;
let env: NodeJS.ProcessEnv;
const running: RunningCommand[] = [];

beforeEach(() => requireKeyring());

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-guest-'));
  env = { COMPANION_DATA_DIR: dataDir, PATH: '/nonexistent', BROWSER: '' };
});

afterAll(async () => {
  for (const command of running) await command.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const json = (stdout: string): Record<string, unknown>[] =>
  stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const whoami = async (extra: NodeJS.ProcessEnv = {}, ...args: string[]) => json((await runCli([...args, '--json', 'whoami'], { env: { ...env, ...extra } })).stdout)[0]!;

describe('per-run options', () => {
  it('--profile, COMPANION_PROFILE, --dialect and --plain-rtmp leave the saved settings files byte for byte as they were', async () => {
    expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env: { ...env, PATH: process.env.PATH } })).code).toBe(0);
    // A second profile, set up once (its platform answers nothing): the app keeps opening with the sandbox.
    await runCli(['--profile', 'studio', 'login', '--api-url', 'http://127.0.0.1:9', '--auth-url', 'http://127.0.0.1:9', '--client-id', 'cid'], { env: { ...env, COMPANION_CLIENT_SECRET: 'cs' } });
    expect((await runCli(['settings', 'set', 'channel', '5001'], { env })).code).toBe(0);
    const before = await savedSettingsFiles(dataDir);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['profiles.json', 'live.json']));

    expect(await whoami({}, '--profile', 'studio')).toMatchObject({ profile: 'studio' });
    expect(await whoami({ COMPANION_PROFILE: 'studio' })).toMatchObject({ profile: 'studio' });
    // Today's platform for this run: the sandbox speaks it, and the next command is back to the saved dialect.
    expect(await whoami({ COMPANION_DIALECT: 'current' }, '--profile', 'sandbox')).toMatchObject({ profile: 'sandbox', dialect: 'current' });
    const login = await runCli(['--profile', 'sandbox', 'login', '--dialect', 'current', '--plain-rtmp', 'on', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env });
    expect(login.stderr).toContain("today's platform, which has no password sign-in");
    await runCli(['--profile', 'studio', 'channels'], { env });

    expect(await savedSettingsFiles(dataDir)).toEqual(before);
    expect(await whoami()).toMatchObject({ profile: 'sandbox', dialect: 'spec', status: 'signed-in' });
  }, 90_000);
});

describe('the explicit commands', () => {
  it('`profile use` chooses the profile the app opens with; an unknown one is named with the ones there are', async () => {
    const chosen = await runCli(['--json', 'profile', 'use', 'studio'], { env });
    expect([chosen.code, json(chosen.stdout)]).toEqual([0, [{ event: 'profile-chosen', name: 'studio' }]]);
    expect(await whoami()).toMatchObject({ profile: 'studio' });
    expect(json((await runCli(['--json', 'profile', 'list'], { env })).stdout)).toEqual([
      expect.objectContaining({ event: 'profile', name: 'sandbox', active: false }),
      expect.objectContaining({ event: 'profile', name: 'studio', active: true, api_url: 'http://127.0.0.1:9' }),
    ]);

    const unknown = await runCli(['profile', 'use', 'nowhere'], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no profile called nowhere; the profiles are sandbox, studio.');
    expect((await runCli(['profile', 'use', 'sandbox'], { env })).code).toBe(0);
    expect(await whoami()).toMatchObject({ profile: 'sandbox' });
  }, 60_000);

  it('`settings set` saves what a streamer sets, refuses a value it does not take, and the app opens with it', async () => {
    const set = async (...args: string[]) => runCli(['--json', 'settings', 'set', ...args], { env });
    expect(json((await set('record-when-live', 'on')).stdout)).toEqual([{ event: 'setting-saved', key: 'record-when-live', value: 'on' }]);
    expect(json((await set('channel', '5002')).stdout)).toEqual([{ event: 'setting-saved', key: 'channel', value: '5002', profile: 'sandbox' }]);
    expect((await set('bridge', '30')).code).toBe(0);
    // (The dialect and plain-RTMP switch: profile-dialect-cli.test.ts.)
    const port = await freePort();
    expect((await set('ingest-port', String(port))).code).toBe(0);

    const refused = await runCli(['settings', 'set', 'record-when-live', 'maybe'], { env });
    expect([refused.code, refused.stderr]).toEqual([2, 'companion: record-when-live is on or off, not "maybe"\n']);
    const unknown = await runCli(['settings', 'set', 'record', 'on'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('there is no setting called "record"; the settings are channel, record-when-live, ingest-port, bridge');

    const saved = json((await runCli(['--json', 'settings', 'get'], { env })).stdout);
    expect(saved).toEqual(
      expect.arrayContaining([
        { event: 'setting', key: 'channel', value: '5002', profile: 'sandbox' },
        { event: 'setting', key: 'record-when-live', value: 'on' },
        { event: 'setting', key: 'bridge', value: '30' },
        { event: 'setting', key: 'ingest-port', value: String(port) },
      ]),
    );
    expect((await runCli(['settings', 'get', 'bridge'], { env })).stdout).toBe('30\n');

    // The app: its local ingest on the saved port, the saved channel, "record when live" ticked, a 30 s bridge.
    const app = await startCommand(['ui', '--port', '0'], 30_000, env);
    running.push(app);
    expect(String(app.ready.ingest_url)).toContain(`:${port}/`);
    const contract = await ContractSocket.open(String(app.ready.url));
    try {
      const state = await contract.call<LiveState>('live.state');
      expect(state.channel?.id).toBe('5002');
      expect(state.recording.recordWhenLive).toBe(true);
      expect(state.bridge).toMatchObject({ enabled: true, windowSeconds: 30 });
    } finally {
      contract.close();
    }
    expect(await app.stop()).toBe(0);
  }, 90_000);
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
