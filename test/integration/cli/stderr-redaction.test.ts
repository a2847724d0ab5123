// What the `companion` command prints when it fails passes through the same redaction as its log: a
// platform whose error quotes back the client secret (as error pages and proxies do) must not get it onto
// the terminal or into the log file. The built command, a real keychain (the secret is registered when
// the vault stores it), and a stand-in platform that answers with the secret in its error.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { runCli } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';

const CLIENT_SECRET = `cs-${randomBytes(16).toString('hex')}`;
let dataDir: string;
let server: Server;
let origin: string;
const seen: string[] = [];

beforeEach(() => requireKeyring());

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-stderr-'));
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    response.setHeader('Content-Type', 'application/json');
    if (request.url === '/oauth2/token') {
      response.end(JSON.stringify({ token_type: 'bearer', access_token: randomBytes(20).toString('hex'), expires_in: 3600 }));
      return;
    }
    response.statusCode = 500;
    response.end(JSON.stringify({ error: 'server_error', error_description: `could not check client_secret ${CLIENT_SECRET} (${CLIENT_SECRET})` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

it('prints a failing call without the secret the platform quoted, and logs it without it too', async () => {
  const profile = `leak-${randomBytes(3).toString('hex')}`;
  const env = { COMPANION_DATA_DIR: dataDir };
  const login = ['--profile', profile, 'login', '--username', 'streamer', '--password-stdin', '--token-type', 'bearer', '--api-url', origin, '--auth-url', origin, '--client-id', 'cid'];
  // Never on the command line (ps and /proc show it to every user): refused with where to give it instead.
  const onCommandLine = await runCli([...login, '--client-secret', CLIENT_SECRET], { input: 'a password\n', env });
  expect(onCommandLine.code).toBe(2);
  expect(onCommandLine.stderr).toContain('--client-secret on the command line is readable by every user of this computer');
  expect((await runCli(login, { input: 'a password\n', env: { ...env, COMPANION_CLIENT_SECRET: CLIENT_SECRET } })).code).toBe(0);
  // A new process: it knows the client secret only from the keychain.
  const result = await runCli(['--profile', profile, 'api', 'GET', '/users/self.json'], { env });
  // The platform was asked with the real secret (Basic <secret>), and its error reached the command.
  expect(seen.some((line) => line.includes(CLIENT_SECRET))).toBe(true);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('companion: ');
  expect(result.stderr).toContain('500');
  expect(result.stderr).toContain('[redacted]');
  expect(result.stderr).not.toContain(CLIENT_SECRET);
  expect(result.stdout).not.toContain(CLIENT_SECRET);
  // `companion diagnostics` works from files alone: versions and profile kinds, no addresses, no secret.
  const diagnostics = await runCli(['diagnostics'], { env });
  expect(diagnostics.code).toBe(0);
  expect(diagnostics.stdout).toContain('Broadcaster Companion diagnostics');
  expect(diagnostics.stdout).toContain('1 sandbox, 1 platform');
  expect(diagnostics.stdout).not.toContain(origin);
  expect(diagnostics.stdout).not.toContain(CLIENT_SECRET);
  const logs = join(dataDir, 'logs');
  for (const name of await readdir(logs).catch(() => [])) expect(await readFile(join(logs, name), 'utf8'), name).not.toContain(CLIENT_SECRET);
});
