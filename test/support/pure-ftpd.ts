// pure-ftpd as an independent FTP server (TEST-FIXTURES.md): one virtual user chrooted to a root owned by
// 65534 (pure-ftpd's uid for that user), on a free loopback port, in its own process group.
//
// Node built-ins only, on purpose: bench/upload.mjs loads this file by transpiling it (Node 20 runs no
// TypeScript), so it cannot import other project files.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PureFtpdOptions {
  /** pure-ftpd's passive data ports, `low:high`. */
  readonly passivePorts?: string;
  readonly user?: string;
  readonly password?: string;
  /** Run inside this network namespace (test/support/shaped-link.mjs), listening on `host`. */
  readonly netns?: string;
  /** The interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /** The address passive replies give (`-P`; default `host`): where clients reach the server, a proxy in front of it. */
  readonly passiveAddress?: string;
}

export interface PureFtpd {
  /** `ftp://user:password@host:port` (host: 127.0.0.1 unless told otherwise) */
  readonly url: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** Where the user's uploads land. */
  readonly root: string;
  /** The server's process id (the master; each session is a forked child in its process group). */
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts pure-ftpd with its files (password db, pid file, the user's root) in `dir`, which must exist. */
export async function startPureFtpd(dir: string, options: PureFtpdOptions = {}): Promise<PureFtpd> {
  const user = options.user ?? 'companion';
  const password = options.password ?? 'pure-secret';
  const root = join(dir, 'root');
  await chmod(dir, 0o755);
  await mkdir(root);
  await chown(root, 65534, 65534);
  // pure-pw useradd hashes with argon2id tuned to take seconds, and pure-ftpd spends as long again on every
  // login; a SHA-512 crypt line (which pure-ftpd also accepts) keeps logins fast.
  const hash = await commandOutput('openssl', ['passwd', '-6', '-stdin'], password);
  await writeFile(join(dir, 'pureftpd.passwd'), `${user}:${hash.trim()}:65534:65534::${root}/./::::::::::::\n`, { mode: 0o600 });
  await commandOutput('pure-pw', ['mkdb', join(dir, 'pureftpd.pdb'), '-f', join(dir, 'pureftpd.passwd')]);
  const host = options.host ?? '127.0.0.1';
  // A new namespace has every port free; a loopback port free here is one of them.
  const port = await freePort();
  const args = ['-S', `${host},${port}`, '-l', `puredb:${join(dir, 'pureftpd.pdb')}`, '-E', '-A', '-H', '-p', options.passivePorts ?? '30200:30300', '-P', options.passiveAddress ?? host, '-g', join(dir, 'pure.pid')];
  // `ip netns exec` execs the command: the child's pid is pure-ftpd's.
  const child: ChildProcess = options.netns ? spawn('ip', ['netns', 'exec', options.netns, 'pure-ftpd', ...args], { detached: true, stdio: 'ignore' }) : spawn('pure-ftpd', args, { detached: true, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([waitForPort(host, port), exited.then(() => Promise.reject(new Error('pure-ftpd exited at start')))]);
  } catch (error) {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    throw error;
  }
  return {
    url: `ftp://${user}:${password}@${host}:${port}`,
    port,
    user,
    password,
    root,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

function commandOutput(command: string, args: readonly string[], input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    // A command that reads no input (pure-pw) may be gone before it is written: its exit says what happened.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(host: string, port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`pure-ftpd did not listen on ${port}`);
    await sleep(50);
  }
}
