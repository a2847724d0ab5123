// `companion sandbox --rate-limit 5/10` runs the local platform with a tight budget, and a command or the
// app finding it through <data dir>/sandbox/runtime.json still knows it for the sandbox when the probe's
// own budget is spent (a 429 too_many_requests is the sandbox's answer, not a stranger's): it connects
// instead of starting a second sandbox on the same state.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectEmbeddedSandbox } from '../../../main/profiles/embedded-sandbox.js';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';

let work: string;
let sandbox: RunningCommand;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sandbox-rate-limit-'));
  sandbox = await startCommand(['sandbox', '--rate-limit', '2/60', '--data-dir', join(work, 'media')]);
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  await rm(work, { recursive: true, force: true });
});

it('refuses a budget that is not CALLS/SECONDS, with the usage', async () => {
  const refused = await runCli(['sandbox', '--rate-limit', 'fast']);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('--rate-limit must be CALLS/SECONDS, e.g. 5/10');
});

it('limits the API as told, and the running sandbox is still found once the probe is refused for rate', async () => {
  const apiUrl = String(sandbox.ready.api_url);
  const probe = () => fetch(`${apiUrl}/channels/0.json`, { signal: AbortSignal.timeout(5000) });
  const first = await probe();
  expect(first.status).toBe(404);
  expect(first.headers.get('x-ratelimit-limit')).toBe('2');
  expect((await probe()).headers.get('x-ratelimit-remaining')).toBe('0');
  expect((await probe()).status).toBe(429);

  const folder = join(work, 'data', 'sandbox');
  await mkdir(folder, { recursive: true });
  const ready = sandbox.ready;
  const runtime = {
    apiUrl,
    authUrl: ready.auth_url,
    ftpUrl: ready.ftp_url,
    rtmpUrl: ready.rtmp_url,
    clientId: ready.client_id,
    clientSecret: ready.client_secret,
    // The ready line does not name the native client; the spec dialect used here never needs it.
    nativeClientId: '',
    demo: { username: ready.username, password: ready.password },
    pid: sandbox.child.pid,
  };
  await writeFile(join(folder, 'runtime.json'), JSON.stringify(runtime));
  const connection = await connectEmbeddedSandbox(join(work, 'data'));
  expect(connection.owned).toBe(false);
  expect(connection.apiUrl).toBe(apiUrl);
  await connection.close();
});
