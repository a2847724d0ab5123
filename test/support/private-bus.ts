// A D-Bus session bus of a test's own, and GNOME Keyring on it when the test wants one: the keychain
// conditions a streamer's machine can be in (no Secret Service, no login keyring, locked, frozen, coming back
// mid-run), made real. Nothing is started on demand on this bus: only what the test starts runs there.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

const START_TIMEOUT_MS = 10_000;

export interface PrivateBus {
  readonly address: string;
  /** HOME and XDG folders inside `home`, with this bus as the session bus. */
  readonly env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** A bus listening in `home` (a temporary folder the caller removes). */
export async function startPrivateBus(home: string): Promise<PrivateBus> {
  const socketDir = join(home, 'bus');
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const config = join(home, 'bus.conf');
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir=${socketDir}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>
`,
  );
  const daemon = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  daemon.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dbus-daemon printed no address in ${START_TIMEOUT_MS} ms: ${stderr}`)), START_TIMEOUT_MS);
    daemon.once('error', (error) => reject(new Error(`dbus-daemon could not start (install the Debian package dbus): ${error.message}`)));
    createInterface({ input: daemon.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
  });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: join(home, 'share'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_RUNTIME_DIR: socketDir,
    DBUS_SESSION_BUS_ADDRESS: address,
  };
  return { address, env, stop: () => endProcess(daemon) };
}

export interface KeyringDaemon {
  /** Freezes the daemon (SIGSTOP): it keeps its bus name and answers nothing, like a keychain showing a prompt. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * GNOME Keyring's Secret Service on the bus. With a password, the login keyring is unlocked (and made, the
 * first time); without one, it stays locked, or missing when it was never made.
 */
export async function startKeyringDaemon(bus: PrivateBus, password: string | null): Promise<KeyringDaemon> {
  const args = ['--foreground', '--components=secrets', ...(password === null ? [] : ['--unlock'])];
  const daemon = spawn('gnome-keyring-daemon', args, { env: bus.env, stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  daemon.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  daemon.stdin?.end(password ?? '');
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!ownsSecretService(bus)) {
    if (daemon.exitCode !== null || Date.now() > deadline) {
      daemon.kill('SIGKILL');
      throw new Error(`gnome-keyring-daemon did not take org.freedesktop.secrets in ${START_TIMEOUT_MS} ms: ${stderr}`);
    }
    await sleep(50);
  }
  return {
    pause: () => daemon.kill('SIGSTOP'),
    resume: () => daemon.kill('SIGCONT'),
    stop: async () => {
      daemon.kill('SIGCONT');
      await endProcess(daemon);
    },
  };
}

function ownsSecretService(bus: PrivateBus): boolean {
  const answer = spawnSync(
    'dbus-send',
    ['--session', '--print-reply=literal', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'],
    { env: bus.env, encoding: 'utf8', timeout: 5_000 },
  );
  return answer.stdout.includes('true');
}

async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
