// Nothing from outside can take the app down mid-broadcast: the built `companion ui` runs as a real child
// process (an unhandled rejection or a thrown 'error' event there ends it, and this test with it) while its
// loopback listeners — the built-in hook receiver, the browser-mode server and its WebSocket, the embedded
// sandbox's API and auth servers — take a seeded batch of malformed, truncated and aborted HTTP. Afterwards
// each still serves a real client: a signed hook delivery is received and verified, the UI answers with its
// token, the sandbox API answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommand, type RunningCommand } from '../../support/built-cli.js';
import { ContractSocket } from '../../support/contract-socket.js';
import { runHostileCases } from '../../support/hostile-http.js';

interface SessionInfo {
  readonly status: string;
  readonly platform: { readonly apiUrl: string; readonly authUrl: string } | null;
}
interface HooksState {
  readonly receiverUrl: string | null;
  readonly hooks: readonly { readonly event: string; readonly status: string | null }[];
}
interface HookDelivery {
  readonly kind: string;
  readonly videoId: string | null;
  readonly accepted: boolean;
  readonly note: string;
}

const SEED = 16;
const CASES_PER_LISTENER = 48;
const PARALLEL = 12;

let dataDir: string;
let app: RunningCommand;
let appUrl: string;
let contract: ContractSocket;
let exited: string | null = null;
let stderr = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hostile-clients-'));
  app = await startCommand(['ui', '--port', '0', '--ingest-port', '0'], 30_000, { COMPANION_DATA_DIR: dataDir });
  app.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  app.child.once('exit', (code, signal) => (exited = `exit code ${code}, signal ${signal}`));
  appUrl = String(app.ready.url);
  contract = await ContractSocket.open(appUrl);
});

afterAll(async () => {
  contract?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The app must still be running, and not because its last resort caught a failure (main/last-resort.ts keeps
 * it alive whatever escapes): each listener must handle hostile input itself. A crash names its exit and output.
 */
function expectAlive(): void {
  expect(exited, `companion ui ended: ${exited}; stderr: ${stderr.slice(-2000)}`).toBeNull();
  expect(stderr, 'nothing reached the last resort').not.toMatch(/An unexpected error was caught|A promise failed and nothing handled it/);
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== null && found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

/** Signs the app in as a browser would: the platform's login page, its form, the redirect to the app's callback. */
async function signIn(username: string, password: string): Promise<void> {
  const start = await contract.call<{ kind: string; url: string }>('session.signIn', { offline: false });
  expect(start.kind).toBe('navigate');
  const page = await (await fetch(start.url)).text();
  const formToken = /name="form_token" value="([^"]+)"/.exec(page)?.[1];
  expect(formToken, 'the login page has a form token').toBeDefined();
  const allowed = await fetch(start.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ form_token: formToken!, username, password, decision: 'allow' }).toString(),
  });
  expect(allowed.status).toBe(302);
  const back = await fetch(allowed.headers.get('location')!, { redirect: 'manual' });
  expect(back.status).toBe(303);
  await waitFor('the sign-in', async () => ((await contract.call<SessionInfo>('session.info')).status === 'signed-in' ? true : null));
}

/** A POST whose body stops after a few bytes and whose connection is then reset. */
function abortedPost(port: number, path: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"event":"vid`);
      setTimeout(() => socket.resetAndDestroy(), 50);
    });
    socket.on('error', () => undefined);
    socket.once('close', () => resolve());
  });
}

describe('the app under hostile local clients', () => {
  it('survives malformed, truncated and aborted HTTP on every listener, and each still serves a real client', async () => {
      // Set up what the real clients need afterwards: a signed-in app, a hook on the built-in receiver.
      await signIn('demo', 'broadcast');
      const session = await contract.call<SessionInfo>('session.info');
      const channels = await contract.call<{ id: string; title: string }[]>('live.channels');
      const channelId = channels.find((channel) => channel.title === 'Demo Live')!.id;
      const receiverUrl = (await contract.call<HooksState>('hooks.state', channelId)).receiverUrl!;
      expect(receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks$/);
      await contract.call('hooks.register', channelId, 'video.deleted', receiverUrl);
      await waitFor('the hook handshake', async () => ((await contract.call<HooksState>('hooks.state', channelId)).hooks.find((hook) => hook.event === 'video.deleted')?.status === 'active' ? true : null));

      // The acceptance case first, on its own: an aborted POST to the hook receiver.
      const receiverPort = Number(new URL(receiverUrl).port);
      await abortedPost(receiverPort, '/hooks');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expectAlive();

      const ui = new URL(appUrl);
      const token = ui.pathname.split('/')[1]!;
      const api = new URL(session.platform!.apiUrl);
      const auth = new URL(session.platform!.authUrl);
      const targets = [
        { name: 'hook receiver', port: receiverPort, paths: ['/hooks', '/hooks?x=1', '/other'] },
        { name: 'browser mode', port: Number(ui.port), paths: [`/${token}/`, `/${token}/index.html`, '/oauth/callback?code=x&state=y', '/nope/'], socketPath: `/${token}/ws`, headers: { Origin: ui.origin } },
        { name: 'sandbox API', port: Number(api.port), paths: ['/users/self/channels.json', `/channels/${channelId}.json`, '/videos/1.json'] },
        { name: 'sandbox auth', port: Number(auth.port), paths: ['/oauth2/token', '/oauth2/authorize?client_id=x'] },
      ];
      for (const [index, target] of targets.entries()) {
        const played = await runHostileCases(target, { seed: SEED + index, count: CASES_PER_LISTENER, parallel: PARALLEL });
        expect(Object.values(played).reduce((sum, count) => sum + count, 0), target.name).toBe(CASES_PER_LISTENER);
        expectAlive();
      }

      // A real delivery after all that: a video of the channel is deleted, the receiver verifies its signature.
      const videos = await contract.call<{ items: { id: string }[] }>('videos.page', { channelId, page: 1, sort: 'recent', protect: [] });
      const videoId = videos.items[0]!.id;
      await contract.call('videos.remove', videoId);
      const delivery = await waitFor('the signed delivery', async () => (await contract.call<HookDelivery[]>('hooks.deliveries')).find((record) => record.kind === 'delivery' && record.videoId === videoId));
      expect(delivery).toMatchObject({ accepted: true, note: 'Signature verified.' });

      // The UI still answers with its token (and only with it); the sandbox API still answers.
      const page = await fetch(appUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<!doctype html>');
      expect((await fetch(`${ui.origin}/not-the-token/`)).status).toBe(401);
      const missing = await fetch(`${api.origin}/channels/0.json`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: string }).error).toBe('not_found');
      expect(((await contract.call<SessionInfo>('session.info')).status)).toBe('signed-in');
      expectAlive();
  }, 90_000);
});
