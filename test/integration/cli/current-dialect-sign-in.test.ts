// Signing in to today's platform from the command line, against the sandbox in the current dialect: a profile
// with the native client's id and no secret, `companion login` through the login page with code + PKCE (the
// page opened with $BROWSER, the code caught on a loopback port), the refresh token in a real GNOME Keyring,
// renewal when the platform refuses the token (rotation), two processes renewing at once, and a sign-out that
// revokes both tokens at the platform.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { authorizeInBrowser, LoginBrowser } from '../../conformance/login-browser.js';
import { builtCli, runCli } from '../../support/built-cli.js';
import { requireKeyring, secretTool } from '../../support/keyring.js';
import { defaultDataDir } from '../../../main/settings/data-dir.js';
import { vaultServiceFor } from '../../../main/vault/vault.js';

let sandbox: Sandbox;
let dataDir: string;
let slowTokens: SlowTokenEndpoint;
const PROFILE = 'today';

/**
 * The token endpoint behind a proxy that holds each answer back for a while, so that renewals of two processes
 * started together overlap for certain (without the profile's renewal lock, both would spend the same refresh
 * token, and the platform would end the sign-in).
 */
interface SlowTokenEndpoint {
  readonly url: string;
  /** Renewal requests that reached it. */
  readonly refreshes: () => number;
  close(): Promise<void>;
}

async function slowTokenEndpoint(target: string, delayMs: number): Promise<SlowTokenEndpoint> {
  let refreshes = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (body.toString().includes('grant_type=refresh_token')) refreshes += 1;
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      void (async () => {
        try {
          await delay(delayMs);
          const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, body: request.method === 'POST' ? body : undefined, signal: AbortSignal.timeout(10_000) });
          response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
        } catch {
          response.writeHead(502).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refreshes: () => refreshes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

beforeEach(() => requireKeyring());

beforeAll(async () => {
  sandbox = await startSandbox();
  slowTokens = await slowTokenEndpoint(sandbox.authUrl, 1500);
  dataDir = await mkdtemp(join(tmpdir(), 'companion-current-'));
});

afterAll(async () => {
  await slowTokens?.close();
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const env = (): NodeJS.ProcessEnv => ({ COMPANION_DATA_DIR: dataDir, COMPANION_PROFILE: PROFILE });

interface StoredToken {
  readonly type: string;
  readonly accessToken: string;
  readonly refreshToken?: string;
}

/** The profile's user token as the keychain holds it, read with libsecret's own tool. */
function storedToken(): StoredToken | null {
  const lookup = secretTool(['lookup', 'service', vaultServiceFor(dataDir, defaultDataDir()), 'account', `${PROFILE}/token/user`]);
  return lookup.status === 0 && lookup.stdout.trim() !== '' ? (JSON.parse(lookup.stdout) as StoredToken) : null;
}

/** Makes the platform consider the profile's access token run out, as a day's wait would (the app still thinks it good). */
function expireAccessTokenAtPlatform(): void {
  expect(sandbox.admin.expireToken(storedToken()!.accessToken)).toBe(true);
}

/** The warnings and errors the profile's processes logged (the keychain's answers among them), for a failure's message. */
function logWarnings(): string {
  const file = join(dataDir, 'logs', 'companion.log');
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /"level":"(warn|error)"/.test(line))
    .slice(-20)
    .join('\n');
}

async function apiStatus(accessToken: string): Promise<number> {
  const response = await fetch(`${sandbox.apiUrl}/users/self/channels.json`, { headers: { Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
  return response.status;
}

async function refreshAnswer(refreshToken: string): Promise<{ status: number; error: unknown }> {
  const response = await fetch(`${sandbox.authUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: sandbox.nativeClient.id }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, error: ((await response.json()) as { error?: unknown }).error };
}

describe("companion on today's platform (the sandbox in the current dialect)", () => {
  let child: ChildProcessWithoutNullStreams | null = null;
  let spentRefreshToken = '';

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('signs in with code + PKCE through the login page: no client secret, a bearer token and its refresh token in the keychain only', async () => {
    // The token endpoint on another address (as the production platform's is), slowed down: see slowTokenEndpoint.
    const platform = ['--dialect', 'current', '--api-url', sandbox.apiUrl, '--auth-url', sandbox.authUrl, '--token-url', slowTokens.url, '--client-id', sandbox.nativeClient.id];
    child = spawn(process.execPath, [builtCli, '--json', 'login', ...platform], { env: { ...process.env, ...env(), BROWSER: '/bin/true' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: Record<string, unknown>[] = [];
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const authorizeEvent = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no authorize event; stderr: ${stderr}`)), 30_000);
      createInterface({ input: child!.stdout }).on('line', (line) => {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        lines.push(parsed);
        if (parsed.event === 'authorize') {
          clearTimeout(timer);
          resolve(parsed);
        }
      });
    });
    const address = new URL(String((await authorizeEvent).url));
    expect(address.pathname).toBe('/authorize');
    expect(Object.fromEntries(address.searchParams)).toMatchObject({ response_type: 'code', client_id: sandbox.nativeClient.id, code_challenge_method: 'S256' });
    expect(address.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const redirectUri = address.searchParams.get('redirect_uri')!;
    const { location } = await authorizeInBrowser(new LoginBrowser(), address.toString(), redirectUri, sandbox.demo);
    expect(location.searchParams.get('code')).not.toBeNull();
    const landing = await fetch(location, { signal: AbortSignal.timeout(10_000) });
    expect(await landing.text()).toContain('Signed in.');
    expect([await exited, stderr]).toEqual([0, '']);
    expect(lines.find((line) => line.event === 'signed-in')).toMatchObject({ profile: PROFILE, dialect: 'current', token_type: 'bearer', renewable: true });

    const stored = storedToken();
    expect(stored).toMatchObject({ type: 'bearer' });
    expect(stored?.refreshToken).toEqual(expect.any(String));
    expect(await apiStatus(stored!.accessToken)).toBe(200);
  });

  it('renews a token the platform refuses with its refresh token, keeps the rotated one, and the old one is spent', async () => {
    const before = storedToken()!;
    expireAccessTokenAtPlatform();
    const api = await runCli(['api', 'GET', '/users/self/channels.json'], { env: env() });
    expect([api.code, api.stderr]).toEqual([0, '']);
    expect((JSON.parse(api.stdout) as { channels: { title: string }[] }).channels.length).toBeGreaterThan(0);

    const after = storedToken()!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    spentRefreshToken = before.refreshToken!;
  });

  it('two processes meeting the refused token at once renew it once between them, and the sign-in survives', async () => {
    expireAccessTokenAtPlatform();
    const refreshesBefore = slowTokens.refreshes();
    const both = await Promise.all([
      runCli(['api', 'GET', '/users/self/channels.json'], { env: env(), timeoutMs: 60_000 }),
      runCli(['api', 'GET', '/users/self/channels.json'], { env: env(), timeoutMs: 60_000 }),
    ]);
    expect(both.map((result) => [result.code, result.stderr]), `the processes' log warnings:\n${logWarnings()}`).toEqual([
      [0, ''],
      [0, ''],
    ]);
    // One of them renewed; the other waited for the profile's renewal lock and took the token it left.
    expect(slowTokens.refreshes() - refreshesBefore).toBe(1);
    const whoami = await runCli(['--json', 'whoami'], { env: env() });
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ event: 'session', status: 'signed-in', renewable: true });
    expect(await apiStatus(storedToken()!.accessToken)).toBe(200);
  });

  it('logout revokes the refresh and the access token at the platform, then forgets them', async () => {
    // The rotated-away refresh token is dead at the platform. (Probed only now: a platform may end the whole
    // sign-in when an old refresh token comes back, as a stolen one would.)
    expect(await refreshAnswer(spentRefreshToken)).toEqual({ status: 400, error: 'invalid_grant' });
    const last = storedToken()!;
    expect(last).not.toBeNull();
    const logout = await runCli(['--json', 'logout'], { env: env() });
    expect([logout.code, logout.stderr]).toEqual([0, '']);
    expect(JSON.parse(logout.stdout)).toMatchObject({ event: 'signed-out', profile: PROFILE, revoked: true });
    expect(storedToken()).toBeNull();
    expect(await apiStatus(last.accessToken)).toBe(401);
    expect((await refreshAnswer(last.refreshToken!)).error).toBe('invalid_grant');
  });

  it('a logout the platform cannot hear of still forgets the tokens, and says so', async () => {
    // Signed in again with the password-free way a script has: the code flow, driven as above but short.
    const platform = await startSandbox();
    const dir = await mkdtemp(join(tmpdir(), 'companion-unrevoked-'));
    const localEnv = { COMPANION_DATA_DIR: dir, COMPANION_PROFILE: 'gone' };
    try {
      const login = spawn(process.execPath, [builtCli, '--json', 'login', '--dialect', 'current', '--api-url', platform.apiUrl, '--auth-url', platform.authUrl, '--client-id', platform.nativeClient.id], {
        env: { ...process.env, ...localEnv, BROWSER: '/bin/true' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => login.once('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve) =>
        createInterface({ input: login.stdout }).on('line', (line) => {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          if (parsed.event === 'authorize') resolve(String(parsed.url));
        }),
      );
      const { location } = await authorizeInBrowser(new LoginBrowser(), url, new URL(url).searchParams.get('redirect_uri')!, platform.demo);
      await fetch(location, { signal: AbortSignal.timeout(10_000) });
      expect(await exited).toBe(0);
      await platform.close();

      const logout = await runCli(['--json', 'logout'], { env: localEnv, timeoutMs: 90_000 });
      expect(logout.code).toBe(1);
      expect(JSON.parse(logout.stdout)).toMatchObject({ event: 'signed-out', revoked: false, warning: expect.stringContaining('could not be told') });
      expect(logout.stderr).toContain('Signed out on this computer');
      const whoami = await runCli(['--json', 'whoami'], { env: localEnv });
      expect(JSON.parse(whoami.stdout)).toMatchObject({ status: 'signed-out' });
    } finally {
      await platform.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
