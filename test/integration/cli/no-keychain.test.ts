// The command line on a machine without a keychain (no session bus, no display: a headless box): every command
// runs, says where secrets are and why, and the commands that call the platform sign in for their own run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/built-cli.js';
import { filesUnder, scanFiles } from '../../support/secret-scan.js';

let home: string;
let dataDir: string;
/** What a headless machine has: no session bus to reach a keychain, no display, a HOME of its own. */
const headless = (): NodeJS.ProcessEnv => ({
  HOME: home,
  XDG_CONFIG_HOME: undefined,
  XDG_DATA_HOME: undefined,
  XDG_RUNTIME_DIR: undefined,
  DBUS_SESSION_BUS_ADDRESS: undefined,
  DISPLAY: undefined,
  WAYLAND_DISPLAY: undefined,
  COMPANION_DATA_DIR: dataDir,
});
const MEMORY_LINE = 'Secrets: in memory for this run only (no keychain: there is no desktop session bus (D-Bus) to reach a keychain through';

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'companion-headless-'));
  dataDir = join(home, 'data');
});

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('without a keychain', () => {
  it('whoami says not signed in, that secrets are in memory for the run, why, and how to sign in anyway', async () => {
    const text = await runCli(['whoami'], { env: headless() });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Not signed in to profile sandbox: no keychain keeps a sign-in from one command to the next here');
    expect(text.stdout).toContain('add --username U --password-stdin');
    expect(text.stdout).toContain(MEMORY_LINE);
    expect(text.stdout).toContain('sudo apt-get install -y gnome-keyring');

    const json = await runCli(['--json', 'whoami'], { env: headless() });
    const line = JSON.parse(json.stdout.trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ event: 'session', status: 'signed-out', keychain: { mode: 'memory', problem: 'no-session-bus' } });
  });

  it('login signs in but says it is not remembered, and exits 1 so a script does not go on as if it were', async () => {
    const login = await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env: headless() });
    expect(login.code).toBe(1);
    expect(login.stdout).toContain('Signed in to profile sandbox');
    expect(login.stderr).toContain('the sign-in worked but is not remembered');
    expect(login.stderr).toContain('add --username U --password-stdin');
    const json = await runCli(['--json', 'login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env: headless() });
    expect(JSON.parse(json.stdout.trim().split('\n')[0]!)).toMatchObject({ event: 'signed-in', user: 'demo', remembered: false, keychain: { mode: 'memory' } });
    // The next command finds no sign-in: nothing was kept on disk either.
    expect((await runCli(['whoami'], { env: headless() })).code).toBe(1);
  });

  it('channels and api sign in for their own run with --username and --password-stdin', async () => {
    const channels = await runCli(['channels', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env: headless() });
    expect(channels.stderr).toContain(MEMORY_LINE);
    expect(channels.code).toBe(0);
    expect(channels.stdout).toMatch(/^5001\s+\w+\s+Demo Live \(default\)$/m);

    const api = await runCli(['api', 'GET', '/users/self/channels.json', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env: headless() });
    expect(api.code).toBe(0);
    expect(JSON.stringify(JSON.parse(api.stdout))).toContain('Demo Live');

    const without = await runCli(['record', 'start', '--channel', '5001'], { env: headless() });
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('Not signed in to profile sandbox: no keychain keeps a sign-in from one command to the next here');
  });

  it('upload signs in for its run and uploads a real file; its FTP login stays in memory, never in the data folder', async () => {
    const media = join(home, 'media');
    execFileSync('mkdir', ['-p', media]);
    const file = join(media, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=1:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=1', '-shortest', '-c:v', 'libx264', '-c:a', 'aac', '-y', file]);
    const upload = await runCli(['--json', 'upload', '--channel', '5001', '--username', 'demo', '--password-stdin', file], { input: 'broadcast\n', env: headless(), timeoutMs: 90_000 });
    expect(upload.code, upload.stderr).toBe(0);
    const events = upload.stdout.trim().split('\n').map((line) => JSON.parse(line) as { event: string });
    expect(events.map((event) => event.event)).toContain('complete');

    // The embedded sandbox (the platform's side) keeps its own records in the data folder; the app's files
    // (journal, settings) hold no FTP password: the password the platform handed out is looked for there.
    const state = JSON.parse(readFileSync(join(dataDir, 'sandbox', 'state.json'), 'utf8')) as unknown;
    const passwords = ftpPasswordsIn(state);
    expect(passwords.length).toBeGreaterThan(0);
    for (const password of passwords) expect(filesHolding(dataDir, password, join(dataDir, 'sandbox'))).toEqual([]);
  });

  it('diagnostics says where secrets are', async () => {
    const diagnostics = await runCli(['diagnostics'], { env: headless() });
    expect(diagnostics.code).toBe(0);
    expect(diagnostics.stdout).toContain(MEMORY_LINE);
  });
});

/** The FTP passwords the sandbox gave out, wherever its state keeps them (a key named like a password). */
function ftpPasswordsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) ftpPasswordsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (/ftp.*pass|pass.*ftp|^password$/i.test(key) && typeof item === 'string' && item.length >= 8) found.push(item);
      else ftpPasswordsIn(item, found);
    }
  }
  return found;
}

function filesHolding(folder: string, secret: string, except: string): string[] {
  return scanFiles(filesUnder(folder, [except]), [{ kind: 'FTP password', value: secret }], folder).map((finding) => finding.where);
}
