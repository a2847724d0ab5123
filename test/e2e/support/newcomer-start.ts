// `npm start -- --browser` run in a clone the way a newcomer runs it from a terminal: a fresh HOME, none of
// the test harness's variables, its own process group (npm, scripts/start.mjs and `companion ui`), and the
// address read from what it prints.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { userInfo } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** What a login shell on a plain machine has; everything else (the harness's, Playwright's, npm's) stays out. */
const SHELL_VARIABLES = /^(PATH|USER|LOGNAME|SHELL|LANG|LANGUAGE|LC_[A-Z_]+|TERM|TZ|TMPDIR|https?_proxy|no_proxy|HTTPS?_PROXY|NO_PROXY)$/;

/** The printed address: `http://127.0.0.1:<port>/<launch token>/` on a line of its own. */
const ADDRESS_LINE = /^\s*(http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]+\/)\s*$/m;

/** Lines of scripts/start.mjs and scripts/bootstrap.mjs that start a phase, in the order they come. */
const PHASES: readonly (readonly [string, string])[] = [
  ['npm ci', '[bootstrap] Installing npm packages'],
  ['keytar rebuild', 'added '],
  ['Electron download attempt', 'rebuilt dependencies'],
  ['build', '[start] Building'],
  ['app start', '[start] Browser mode'],
];

export interface NewcomerEnvOptions {
  /** The fresh, empty HOME (no XDG_* variables: every per-user folder is the default one under it). */
  readonly home: string;
  /** The harness's session bus (with its unlocked keyring) to keep; undefined: no bus, and no display to autolaunch one. */
  readonly sessionBus?: string;
}

/**
 * The machine's npm cache, which a fresh HOME would lose (npm passes it to scripts as npm_config_cache; else
 * `npm config get cache` for the account's real home, as the keyring harness has replaced HOME): `npm ci` in
 * the clone then takes its 590 packages from the cache instead of downloading them all again. Nothing else of
 * the machine's npm settings is passed on: ~/.npmrc's `nodedir` (node-gyp's Node headers, which it would
 * otherwise download from nodejs.org) is what scripts/bootstrap.mjs finds by itself, as a newcomer needs.
 */
export interface MachineNpmSettings {
  readonly cache: string;
}

export function machineNpmSettings(): MachineNpmSettings {
  const ask = (key: string): string | null => {
    const fromNpm = process.env[`npm_config_${key}`];
    if (fromNpm) return fromNpm;
    const answer = execFileSync('npm', ['config', 'get', key], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, HOME: userInfo().homedir } }).trim();
    return answer === '' || answer === 'undefined' || answer === 'null' ? null : answer;
  };
  const cache = ask('cache');
  if (cache === null) throw new Error('npm has no cache folder configured');
  return { cache };
}

export function newcomerEnv(options: NewcomerEnvOptions, npm: MachineNpmSettings): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (SHELL_VARIABLES.test(name)) env[name] = value;
  env.HOME = options.home;
  env.npm_config_cache = npm.cache;
  env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  if (options.sessionBus !== undefined) env.DBUS_SESSION_BUS_ADDRESS = options.sessionBus;
  return env;
}

export interface StartedFromClone {
  /** The tokened address it printed. */
  readonly url: string;
  readonly origin: string;
  /** The launch token (the address's first path segment). */
  readonly token: string;
  /** Seconds from the spawn to the start of each phase seen, then to the address. */
  readonly timings: readonly string[];
  /** Everything printed so far (stdout and stderr interleaved): the terminal a newcomer sees. */
  output(): string;
  /** SIGTERM to the process group, SIGKILL after a bound; resolves with how it ended. */
  stop(): Promise<string>;
}

/** Spawns `npm start -- --browser` in `clone` and waits (at most `timeoutMs`) for the address it prints. */
export async function npmStartBrowser(clone: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<StartedFromClone> {
  const started = Date.now();
  const child = spawn('npm', ['start', '--', '--browser'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const seen = new Map<string, number>();
  const onData = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const [phase, marker] of PHASES) if (!seen.has(phase) && output.includes(marker)) seen.set(phase, Date.now() - started);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`)));
  const stop = () => stopGroup(child, exited);

  const url = await new Promise<string>((resolve, reject) => {
    const tail = () => output.slice(-4_000);
    const timer = setTimeout(() => reject(new Error(`npm start printed no address within ${timeoutMs / 1000} s; it printed:\n${tail()}`)), timeoutMs);
    const check = (): void => {
      const match = ADDRESS_LINE.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', check);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`npm start ended (${how}) before it printed an address; it printed:\n${tail()}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  const ready = Date.now() - started;
  const timings = [...seen.entries()].map(([phase, at]) => `${phase} from ${(at / 1000).toFixed(1)} s`);
  timings.push(`address printed at ${(ready / 1000).toFixed(1)} s`);
  const parsed = new URL(url);
  return { url, origin: parsed.origin, token: parsed.pathname.split('/')[1] ?? '', timings, output: () => output, stop };
}

const TERM_GRACE_MS = 15_000;
const KILL_GRACE_MS = 5_000;

async function stopGroup(child: ChildProcess, exited: Promise<string>): Promise<string> {
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch (error) {
      // ESRCH: the whole group is gone already.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  if (child.exitCode === null && child.signalCode === null) signalGroup('SIGTERM');
  const graceful = await Promise.race([exited, sleep(TERM_GRACE_MS, null)]);
  // npm may be gone while `companion ui` (same group) is still shutting down: the group gets its SIGKILL either way
  // once the bound is over, and a group already empty is fine.
  if (graceful === null) {
    signalGroup('SIGKILL');
    return `${(await Promise.race([exited, sleep(KILL_GRACE_MS, 'still running after SIGKILL')])) ?? ''} (SIGKILL after ${TERM_GRACE_MS / 1000} s)`;
  }
  await waitForEmptyGroup(child.pid!);
  return graceful;
}

/** After npm exits its children may still be finishing (the app writes its last log lines): wait, bounded, then kill. */
async function waitForEmptyGroup(pgid: number): Promise<void> {
  const deadline = Date.now() + TERM_GRACE_MS;
  while (Date.now() < deadline) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Gone meanwhile.
  }
}
