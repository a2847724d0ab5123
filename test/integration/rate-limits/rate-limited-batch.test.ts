// Issue 19's acceptance for rate limits: with the sandbox's budget tightened to 5 calls per 10 s per limited
// endpoint, a 20-file batch (`companion upload`, the spec dialect's FTP transport) and the channel panels'
// calls finish with 0 failures; the waits are told (the CLI's `waiting` lines, the app status's `waiting`).
// The sandbox runs in this process and is handed to the command as the sandbox profile's running sandbox
// (<data dir>/sandbox/runtime.json, as the desktop app hands its own to the command).
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelAdminService } from '../../../main/admin/channel-admin/channel-admin-service.js';
import { SecurityService } from '../../../main/admin/channel-security/security-service.js';
import { ChannelChoices } from '../../../main/admin/channels/channel-choices.js';
import { LookService } from '../../../main/admin/look/look-service.js';
import { ManagerService } from '../../../main/admin/managers/manager-service.js';
import { PlatformWaits } from '../../../main/app-service/platform-waits.js';
import { AppStatusTracker } from '../../../main/desktop/app-status.js';
import { createPlatformApi } from '../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { RateLimitGate } from '../../../main/platform/rate-limit-gate.js';
import { sandboxRuntime } from '../../../main/profiles/embedded-sandbox.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { runCli } from '../../support/built-cli.js';
import { passwordToken } from '../../support/sandbox-client.js';
import { makeClip } from '../uploads/upload-media.js';

const BUDGET = { limit: 5, windowSeconds: 10 };
const FILES = 20;

let work: string;
let sandbox: Sandbox;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'rate-limited-batch-'));
  const folder = join(work, 'data', 'sandbox');
  await mkdir(folder, { recursive: true });
  sandbox = await startSandbox({ stateFile: join(folder, 'state.json'), dataDir: join(folder, 'media'), uploadStepMs: 20, rateLimit: BUDGET });
  const runtime = sandboxRuntime(sandbox, process.pid);
  await writeFile(join(folder, 'runtime.json'), JSON.stringify(runtime));
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
});

const channelIdOf = (title: string): string => {
  const channel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === title);
  if (!channel) throw new Error(`The sandbox seed has no "${title}" channel.`);
  return channel.id;
};

describe('with the budget tightened to 5 calls per 10 s per endpoint', () => {
  // The limits are guards against a hang (CI's machines run slower than this one); the test asserts no time.
  it('a 20-file batch through `companion upload` and the channel panels finish with 0 failures, the waits told', { timeout: 240_000 }, async () => {
    const media = join(work, 'batch');
    await mkdir(media);
    await makeClip(join(media, 'clip 01.mp4'));
    for (let file = 2; file <= FILES; file++) await copyFile(join(media, 'clip 01.mp4'), join(media, `clip ${String(file).padStart(2, '0')}.mp4`));
    const started = Date.now();
    const [upload, panels] = await Promise.all([
      runCli(['--json', 'upload', '--channel', channelIdOf('Demo Live'), '--concurrency', '5', '--username', 'demo', '--password-stdin', media], {
        input: 'broadcast\n',
        env: { COMPANION_DATA_DIR: join(work, 'data') },
        timeoutMs: 200_000,
      }),
      openChannelPanels(),
    ]);
    const elapsedMs = Date.now() - started;

    const events = upload.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(upload.code, upload.stderr).toBe(0);
    expect(events.filter((event) => event.event === 'done')).toEqual([{ event: 'done', complete: FILES, failed: 0, cancelled: 0, rejected: 0 }]);
    expect(events.filter((event) => event.event === 'failed')).toEqual([]);
    // The budget was met, and the waits were said as event lines (stdout stays JSON lines only).
    const waits = events.filter((event) => event.event === 'waiting');
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) {
      expect(wait).toMatchObject({ seconds: expect.any(Number), endpoint: expect.any(String), message: expect.stringMatching(/^The platform asks us to wait \d+ s \(/) });
      // A wait lasts until the window resets, never longer (no wait piled on another, no backoff beyond it): the
      // window's length, and a second more as the reset is told in whole seconds.
      expect(wait.seconds as number).toBeLessThanOrEqual(BUDGET.windowSeconds + 1);
    }
    const uploads = sandbox.admin.store.data.uploads.filter((row) => row.title.startsWith('clip '));
    expect(uploads).toHaveLength(FILES);
    expect(uploads.every((row) => row.status === 'complete')).toBe(true);

    expect(panels.failures).toEqual([]);
    expect(panels.calls).toBeGreaterThan(BUDGET.limit * 3);
    expect(panels.waitLines.length).toBeGreaterThan(0);
    expect(panels.waitLines[0]).toMatch(/^The platform asks us to wait \d+ s \(GET /);
    expect(panels.lastStatusWait).toBeNull();
    console.info(`rate limits: ${FILES} files and ${panels.calls} panel calls in ${(elapsedMs / 1000).toFixed(1)} s, ${waits.length} waits told`);
  });
});

/**
 * What the channel panels ask when the demo user opens them on each of their channels, twice over (a panel
 * opened again): the services wired as the composition root wires them (one rate-limit gate, the waits to the
 * app status). Every call must succeed.
 */
async function openChannelPanels(): Promise<{ calls: number; failures: string[]; waitLines: string[]; lastStatusWait: string | null }> {
  const token = await passwordToken(sandbox);
  const gate = new RateLimitGate();
  const waits = new PlatformWaits();
  const status = new AppStatusTracker([], waits);
  const waitLines: string[] = [];
  status.events.on('appStatus', (next) => {
    if (next.waiting) waitLines.push(next.waiting.message);
  });
  const platformApi = async () =>
    createPlatformApi(
      createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => ({ type: 'bearer', accessToken: token, expiresAt: null, scopes: [] }) }, rateLimits: gate, onWait: waits.report }),
    );
  const choices = new ChannelChoices({ userName: sandbox.demo.username, profileName: 'sandbox' });
  const channel = new ChannelAdminService(platformApi, choices);
  const managers = new ManagerService(platformApi, choices);
  const security = new SecurityService(platformApi);
  const look = new LookService(platformApi);
  const owned = ['Demo Live', 'Backstage', 'Locked Room'].map(channelIdOf);
  const failures: string[] = [];
  let calls = 0;
  const attempt = async (what: string, run: () => Promise<unknown>): Promise<void> => {
    calls += 1;
    try {
      await run();
    } catch (error) {
      failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  for (let round = 0; round < 2; round++) {
    await Promise.all(
      owned.flatMap((id) => [
        attempt(`details ${id}`, () => channel.details(id)),
        attempt(`metadata ${id}`, () => channel.metadata(id)),
        attempt(`security ${id}`, () => security.state(id)),
        attempt(`background ${id}`, () => look.background(id)),
        attempt('managers', () => managers.state()),
      ]),
    );
  }
  return { calls, failures, waitLines, lastStatusWait: status.status.waiting?.message ?? null };
}
