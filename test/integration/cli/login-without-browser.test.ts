// `companion login` (the login page flow) on a machine that cannot open a browser: no xdg-open on PATH, or one
// with no browser behind it. The command prints the address to open elsewhere and keeps waiting for the
// loopback redirect, so the sign-in still completes; with a working opener it opens the page itself.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizeInBrowser, LoginBrowser } from '../../conformance/login-browser.js';
import { builtCli } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';

let dir: string;
let child: ChildProcessWithoutNullStreams | null = null;

beforeEach(async () => {
  requireKeyring();
  dir = await mkdtemp(join(tmpdir(), 'companion-no-browser-'));
  await mkdir(join(dir, 'bin'));
});

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  child = null;
  await rm(dir, { recursive: true, force: true });
});

/** `companion login` with PATH holding only `bin` (no xdg-open unless the test puts one there). */
function login(args: string[]): { output: () => string; exited: Promise<number | null> } {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: join(dir, 'bin'), COMPANION_DATA_DIR: join(dir, 'data') };
  delete env.BROWSER;
  const started = spawn(process.execPath, [builtCli, ...args, 'login'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  child = started;
  let output = '';
  started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
  return { output: () => output, exited };
}

async function until(read: () => RegExpExecArray | null, what: string, output: () => string, timeoutMs = 20_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = read();
    if (found) return found;
    if (Date.now() > deadline || child?.exitCode !== null) throw new Error(`no ${what} in the output: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function fakeXdgOpen(script: string): Promise<void> {
  const file = join(dir, 'bin', 'xdg-open');
  await writeFile(file, `#!/bin/sh\n${script}\n`);
  await chmod(file, 0o755);
}

describe('companion login where no browser can be opened', () => {
  it('without xdg-open: prints the address, keeps waiting, and the sign-in made elsewhere completes it', async () => {
    const run = login([]);
    const [, address] = await until(() => /^Open this address in a browser to sign in: (\S+)$/m.exec(run.output()), 'address line', run.output);
    expect(run.output()).toContain('(No browser could be opened here: xdg-open is not installed.)');
    expect(run.output()).toContain('Waiting for the sign-in…');
    expect(run.output()).not.toMatch(/\n\s+at /);

    // Another device's browser signs in on that address; the platform redirects to the command's loopback server.
    const redirectUri = new URL(address!).searchParams.get('redirect_uri')!;
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const { location } = await authorizeInBrowser(new LoginBrowser(), address!, redirectUri, { username: 'demo', password: 'broadcast' });
    const landing = await fetch(location, { signal: AbortSignal.timeout(10_000) });
    expect(await landing.text()).toContain('Signed in.');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('Signed in to profile sandbox');
  });

  it('with an xdg-open that finds no browser (--json): says so in the open-browser event and keeps waiting', async () => {
    await fakeXdgOpen('echo "xdg-open: no method available for opening" >&2; exit 3');
    const run = login(['--json']);
    const [line] = await until(() => /^\{"event":"open-browser".*$/m.exec(run.output()), 'open-browser event', run.output);
    const event = JSON.parse(line) as { url: string; opened: boolean; reason: string };
    expect(event).toMatchObject({ opened: false, reason: 'xdg-open could not open a browser (exit code 3)' });
    expect(event.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*redirect_uri=/);
    // Still waiting: a refusal arriving at the loopback address ends it, with the sign-in's own error.
    const params = new URL(event.url).searchParams;
    await fetch(`${params.get('redirect_uri')}?error=access_denied&state=${params.get('state')}`, { signal: AbortSignal.timeout(10_000) });
    expect(await run.exited).toBe(1);
  });

  it('with a working opener: opens the login page with it', async () => {
    const record = join(dir, 'opened.txt');
    await fakeXdgOpen(`printf '%s' "$1" > '${record}'`);
    const run = login(['--json']);
    const [line] = await until(() => /^\{"event":"open-browser".*$/m.exec(run.output()), 'open-browser event', run.output);
    const event = JSON.parse(line) as { url: string; opened: boolean };
    expect(event.opened).toBe(true);
    expect(await readFile(record, 'utf8')).toBe(event.url);
  });
});
