// `node scripts/with-keyring.mjs <command> [args...]`: runs the command with a real, throwaway keychain: a
// private D-Bus session (dbus-run-session) with GNOME Keyring's Secret Service unlocked, and a temporary HOME
// (XDG folders inside it) that holds the keyring and is removed afterwards. Tests store real secrets there,
// never in the developer's own keyring. Exits with the command's exit code.
//
// The script runs twice: outside, it makes the HOME and starts the session; inside the session
// (`--in-session`), it starts the keyring daemon itself, so it knows the daemon's id and can end it: a daemon
// that had not yet connected when the bus went away would otherwise outlive the run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

/** Set to the temporary HOME, so test/support/keyring.ts can tell it runs inside this harness. */
const KEYRING_HOME_VARIABLE = 'COMPANION_TEST_KEYRING_HOME';
const IN_SESSION = '--in-session';
const READY_TIMEOUT_MS = 10_000;

function outside(command) {
  const home = mkdtempSync(join(tmpdir(), 'companion-keyring-'));
  const runtime = join(home, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_RUNTIME_DIR: runtime,
    [KEYRING_HOME_VARIABLE]: home,
  };
  const busConfig = join(home, 'session-bus.conf');
  writeFileSync(busConfig, sessionBusConfig(runtime));
  // Its own process group, so a signal reaches the session, the daemon and the command alike.
  const session = spawn('dbus-run-session', [`--config-file=${busConfig}`, '--', process.execPath, fileURLToPath(import.meta.url), IN_SESSION, ...command], {
    env,
    stdio: 'inherit',
    detached: true,
  });
  const forward = (signal) => {
    try {
      process.kill(-session.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);

  const cleanUp = () => rmSync(home, { recursive: true, force: true, maxRetries: 5 });
  session.on('error', (error) => {
    cleanUp();
    const hint = error.code === 'ENOENT' ? ': install the Debian package dbus (npm test installs it)' : '';
    console.error(`with-keyring: could not start dbus-run-session${hint} (${error.message})`);
    process.exit(127);
  });
  session.on('exit', (code, signal) => {
    cleanUp();
    process.exit(exitCode(code, signal));
  });
}

async function inSession(command) {
  const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { stdio: ['pipe', 'ignore', 'pipe'] });
  // Its warnings ("asked to register item …, but it's already registered") are noise in a test run: they are
  // kept, not shown, unless the daemon fails.
  let daemonLog = '';
  daemon.stderr.on('data', (chunk) => (daemonLog = (daemonLog + chunk).slice(-8_000)));
  let finishing = false;
  const daemonExit = new Promise((resolve) => daemon.on('exit', resolve));
  daemon.on('exit', (code, signal) => {
    if (!finishing) console.error(`with-keyring: gnome-keyring-daemon ended early (${signal ?? `exit code ${code}`}):\n${daemonLog}`);
  });
  daemon.on('error', (error) => {
    const hint = error.code === 'ENOENT' ? ': install the Debian package gnome-keyring (npm test installs it)' : '';
    console.error(`with-keyring: could not start gnome-keyring-daemon${hint} (${error.message})`);
    process.exit(127);
  });
  // The keyring's password only protects a file that is deleted after the run.
  daemon.stdin.end('companion-test');

  if (!(await secretServiceUp(daemon))) {
    finishing = true;
    console.error(`with-keyring: gnome-keyring-daemon did not offer the Secret Service within ${READY_TIMEOUT_MS} ms:\n${daemonLog}`);
    daemon.kill();
    process.exit(1);
  }

  const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
  child.on('error', (error) => {
    finishing = true;
    console.error(`with-keyring: could not start ${command[0]} (${error.message})`);
    daemon.kill();
    process.exit(127);
  });
  child.on('exit', async (code, signal) => {
    finishing = true;
    daemon.kill();
    await Promise.race([daemonExit, sleep(2_000)]);
    process.exit(exitCode(code, signal));
  });
}

/** Waits until the daemon owns the Secret Service's bus name (it unlocks the keyring before taking it). */
async function secretServiceUp(daemon) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && daemon.exitCode === null) {
    const answer = spawnSync(
      'dbus-send',
      ['--session', '--print-reply=literal', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'],
      { encoding: 'utf8' },
    );
    if (answer.error) throw new Error(`with-keyring: could not run dbus-send: install the Debian package dbus (${answer.error.message})`);
    if (answer.stdout.includes('true')) return true;
    await sleep(50);
  }
  return false;
}

/**
 * Debian's session bus, except that its socket lives in the temporary HOME (a bus ended by a signal leaves
 * its socket behind) and nothing is started on demand (the one keyring daemon is ours).
 */
function sessionBusConfig(socketDir) {
  const escaped = socketDir.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${escaped}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;
}

function exitCode(code, signal) {
  return code ?? 128 + (constants.signals[signal] ?? 0);
}

const [first, ...rest] = process.argv.slice(2);
if (first === IN_SESSION) {
  await inSession(rest);
} else if (first === undefined) {
  console.error('usage: node scripts/with-keyring.mjs <command> [args...]');
  process.exit(2);
} else {
  outside([first, ...rest]);
}
