// The profile's dialect and plain-RTMP switch from the command line: COMPANION_DIALECT (or login's --dialect)
// and --plain-rtmp on|off switch the sandbox profile for their run only (issue 22: the CLI is a guest);
// `companion settings set dialect|plain-rtmp` keeps a choice in profiles.json; a bad value is a usage error
// that says the choices.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { runCli } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';

let dataDir: string;

beforeEach(() => requireKeyring());

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-dialect-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const savedSandboxProfile = async (): Promise<unknown> => (JSON.parse(await readFile(join(dataDir, 'profiles.json'), 'utf8')) as { profiles: Record<string, unknown> }).profiles.sandbox;

it('switches the sandbox profile between the dialects for one run; settings set keeps the choice; the plain-RTMP switch likewise', async () => {
  const env = { COMPANION_DATA_DIR: dataDir };
  const today = await runCli(['--json', 'whoami'], { env: { ...env, COMPANION_DIALECT: 'current' } });
  expect(JSON.parse(today.stdout)).toMatchObject({ event: 'session', profile: 'sandbox', dialect: 'current', status: 'signed-out' });
  // For that run only: the next command without the variable speaks the saved dialect again, and nothing was saved.
  expect(JSON.parse((await runCli(['--json', 'whoami'], { env })).stdout)).toMatchObject({ dialect: 'spec' });
  await expect(readFile(join(dataDir, 'profiles.json'), 'utf8')).rejects.toThrow('ENOENT');

  // Kept when asked for by name.
  expect((await runCli(['settings', 'set', 'dialect', 'current'], { env })).code).toBe(0);
  expect(JSON.parse((await runCli(['--json', 'whoami'], { env })).stdout)).toMatchObject({ dialect: 'current' });
  expect(await savedSandboxProfile()).toMatchObject({ kind: 'sandbox', dialect: 'current', plainRtmp: false });

  // The spec's dialect for one sign-in (the password grant, which today's platform does not have), plain RTMP on:
  // the sign-in is kept, the profile's saved choices are not.
  const login = await runCli(['--json', 'login', '--dialect', 'spec', '--plain-rtmp', 'on', '--username', 'demo', '--password-stdin'], { env, input: 'broadcast\n' });
  expect([login.code, login.stderr]).toEqual([0, '']);
  expect(JSON.parse(login.stdout)).toMatchObject({ event: 'signed-in', dialect: 'spec', token_type: 'mac' });
  expect(await savedSandboxProfile()).toMatchObject({ dialect: 'current', plainRtmp: false });
  expect((await runCli(['settings', 'set', 'plain-rtmp', 'on'], { env })).code).toBe(0);
  expect((await runCli(['settings', 'set', 'dialect', 'spec'], { env })).code).toBe(0);
  expect(await savedSandboxProfile()).toMatchObject({ dialect: 'spec', plainRtmp: true });

  const refused = await runCli(['login', '--dialect', 'current', '--username', 'demo', '--password-stdin'], { env, input: 'broadcast\n' });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("today's platform, which has no password sign-in");

  const usage = await runCli(['login', '--dialect', 'today'], { env });
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('--dialect (or COMPANION_DIALECT) is spec');
}, 120_000);
