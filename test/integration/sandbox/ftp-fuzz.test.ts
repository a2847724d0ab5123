// The sandbox's FTP server (ftp-srv) against hostile clients (issue 16): garbage, endless lines, floods,
// commands before login, bad credentials, data connections opened and dropped, active mode aimed
// elsewhere, traversal in every verb that takes a path, and seeded random command lines. It runs as the
// `companion sandbox` command, so a crash or a last-resort report is visible. Afterwards the process
// still runs, a real upload still arrives intact, and nothing was written outside the uploads' roots.
// Bounded: a fixed seed, a fixed number of cases, and a deadline on every case and wait.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommand, type RunningCommand } from '../../support/built-cli.js';
import { dataConnection, RawFtp } from '../../support/raw-ftp.js';
import { seededRandom } from '../../support/seeded-random.js';

const SEED = 0x16_f7;
const RANDOM_CONNECTIONS = 6;
const RANDOM_LINES = 60;
const CASE_MS = 6000;
/** Longer than ftp-srv's own 5 s wait for a data connection. */
const DATA_WAIT_MS = 6000;

interface UploadDetails {
  readonly host: string;
  readonly port: number;
  readonly path: string;
  readonly user: string;
  readonly password: string;
  readonly videoId: string;
}

let work: string;
let dataDir: string;
/** Where traversal names point: next to the data folder. Nothing may appear here. */
let outside: string;
let marker: string;
let sandbox: RunningCommand;
let port: number;
let token: string;
let channelId: string;
/** The upload whose file others try to reach, the one whose credentials the fuzz uses, and their files. */
let victim: UploadDetails;
let attacker: UploadDetails;
let victimBytes: Buffer;

const random = seededRandom(SEED);
const randomBytes = (length: number): Buffer => Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');
const apiUrl = () => String(sandbox.ready.api_url);

async function callApi<T>(method: string, path: string, form?: Record<string, string>): Promise<T> {
  const response = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const initUpload = () => callApi<UploadDetails>('POST', `/channels/${channelId}/uploads.json?type=videoupload-ftp`, {});

async function uploadWithClient(details: UploadDetails, bytes: Buffer, name = `${details.path}.mp4`): Promise<void> {
  const client = new Client(5000);
  try {
    await client.access({ host: details.host, port: details.port, user: details.user, password: details.password });
    await client.uploadFrom(Readable.from([bytes]), name);
  } finally {
    client.close();
  }
}

/** Every file under `dir`, relative to it (bounded depth). */
async function filesUnder(dir: string, depth = 8): Promise<string[]> {
  if (depth === 0) return [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map(async (entry) => (entry.isDirectory() ? (await filesUnder(join(dir, entry.name), depth - 1)).map((name) => join(entry.name, name)) : [entry.name])),
  );
  return nested.flat();
}

const ftpLog = () => readFile(join(dataDir, 'ftp-server.log'), 'utf8');

/** A logged-in raw session with the attacker's credentials, in binary mode. */
async function attackerSession(): Promise<RawFtp> {
  const ftp = await RawFtp.open(port);
  await ftp.login(attacker.user, attacker.password);
  expect(await ftp.command('TYPE I')).toMatch(/^200/);
  return ftp;
}

/** STOR (or another verb) over a fresh passive data connection; the control reply, or null on a hang-up. */
async function store(ftp: RawFtp, line: string | Buffer, bytes: Buffer): Promise<string | null> {
  const dataPort = await ftp.passive();
  const data = await dataConnection(dataPort);
  ftp.send(typeof line === 'string' ? `${line}\r\n` : Buffer.concat([line, Buffer.from('\r\n')]));
  // ftp-srv answers once it has matched the data connection, or after its own 5 s wait for it: the answer,
  // not its speed, is what is checked. (A RETR whose data connection closed early once went unanswered for
  // good: the case above keeps that fixed.)
  const first = await ftp.reply(DATA_WAIT_MS);
  if (first?.startsWith('150')) data.end(bytes);
  else data.destroy();
  return first?.startsWith('150') ? ftp.reply() : first;
}

/** Runs a case on its own, with a deadline; its failure as text. */
async function bounded(name: string, run: () => Promise<void>, deadlineMs = CASE_MS): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`${name}: still running after ${deadlineMs} ms`), deadlineMs)));
  const outcome = run().then(
    () => null,
    (error: unknown) => `${name}: ${error instanceof Error ? error.message : String(error)}`,
  );
  const result = await Promise.race([outcome, deadline]);
  clearTimeout(timer);
  return result;
}

const PRE_LOGIN = ['STOR x.mp4', 'APPE x.mp4', 'PASV', 'EPSV', 'RETR x.mp4', 'CWD ../../etc', 'SITE CHMOD 777 /', 'MKD evil', 'DELE x', 'RNFR x', 'RNTO y', 'LIST', 'SIZE x', 'OPTS UTF8 ON', 'REST 5'];

/** Name, run, and a longer deadline where ftp-srv may wait out its own 5 s data-connection timeout. */
function namedCases(): [string, () => Promise<void>, number?][] {
  const traversal = [`../../escape-${marker}.mp4`, `../../../../../../../../..${outside}/escape-${marker}.mp4`, `${outside}/escape-${marker}.mp4`, `..\\..\\escape-${marker}.mp4`, `/../../../escape-${marker}.mp4`];
  return [
    [
      'garbage bytes',
      async () => {
        const ftp = await RawFtp.open(port);
        for (let index = 0; index < 8; index++) ftp.send(randomBytes(2048));
        ftp.send('\r\n');
        await ftp.reply(2000).catch(() => null);
        await ftp.close();
      },
    ],
    [
      'a 1 MB line without CRLF',
      async () => {
        const ftp = await RawFtp.open(port);
        ftp.send(Buffer.alloc(1024 * 1024, 'A'));
        expect(await ftp.hangsUpWithin(3000), 'the server hangs up').toBe(true);
      },
    ],
    [
      'a 1 MB USER line',
      async () => {
        const ftp = await RawFtp.open(port);
        ftp.send(`USER ${'u'.repeat(1024 * 1024)}\r\n`);
        expect(await ftp.hangsUpWithin(3000), 'the server hangs up').toBe(true);
      },
    ],
    [
      'thousands of short commands at once, answered in order',
      async () => {
        const ftp = await RawFtp.open(port);
        const count = 3000;
        ftp.send(Array.from({ length: count }, (_, index) => (index % 3 === 0 ? 'SYST\r\n' : 'NOOP\r\n')).join(''));
        for (let index = 0; index < count; index++) {
          const answer = await ftp.reply(3000);
          expect(answer).toMatch(index % 3 === 0 ? /^215 / : /^200 /);
        }
        await ftp.close();
      },
    ],
    [
      'commands before login',
      async () => {
        const ftp = await RawFtp.open(port);
        for (const line of PRE_LOGIN) expect(await ftp.command(line), line).toMatch(/^530 /);
        for (const line of ['PORT 127,0,0,1,4,1', 'EPRT |1|127.0.0.1|1025|']) expect(await ftp.command(line), line).toMatch(/^502 /);
        await ftp.close();
      },
    ],
    [
      'USER and PASS with binary and long values',
      async () => {
        for (const [user, password] of [
          [Buffer.concat([Buffer.from('USER '), randomBytes(300).filter((byte) => byte !== 13 && byte !== 10)]), Buffer.from(`PASS ${'p'.repeat(6000)}`)],
          [Buffer.from('USER upload-\u0000'), Buffer.concat([Buffer.from('PASS '), Buffer.from([0, 0xff, 0xfe, 0x80, 0])])],
          [Buffer.from(`USER ${attacker.user}`), Buffer.from(`PASS ${attacker.password}\u0000`)],
          [Buffer.from(`USER ${'\u00e9'.repeat(2000)}`), Buffer.from('PASS x')],
        ]) {
          const ftp = await RawFtp.open(port);
          expect(await ftp.command(user!)).toMatch(/^331 |^501 /);
          expect(await ftp.command(password!)).toMatch(/^530 |^503 |^501 /);
          expect(await ftp.command('STOR x.mp4')).toMatch(/^530 /);
          await ftp.close();
        }
      },
    ],
    [
      'wrong passwords many times, on one connection and on many',
      async () => {
        const ftp = await RawFtp.open(port);
        expect(await ftp.command(`USER ${victim.user}`)).toMatch(/^331 /);
        for (let index = 0; index < 50; index++) expect(await ftp.command(`PASS ${victim.password}x${index}`)).toMatch(/^530 /);
        await ftp.close();
        await Promise.all(
          Array.from({ length: 20 }, async (_, index) => {
            const each = await RawFtp.open(port);
            await each.command(`USER ${index % 2 ? victim.user : `upload-${index}`}`);
            expect(await each.command('PASS wrong')).toMatch(/^530 /);
            await each.close();
          }),
        );
      },
    ],
    [
      'PASV and EPSV, the data port never used',
      async () => {
        const ftp = await attackerSession();
        const ports: number[] = [];
        for (let index = 0; index < 10; index++) ports.push(await ftp.passive());
        expect(await ftp.command('EPSV')).toMatch(/^229 /);
        // The data connection never comes: STOR gives up on its own (ftp-srv waits 5 s).
        await ftp.close();
        await sleep(100);
        for (const dataPort of ports) await expect(dataConnection(dataPort, '127.0.0.1', 1000), `data port ${dataPort} is closed`).rejects.toThrow();
      },
    ],
    [
      'PASV, then a data connection closed or reset at once',
      async () => {
        const ftp = await attackerSession();
        for (let index = 0; index < 30; index++) {
          const data = await dataConnection(await ftp.passive());
          if (index % 2) data.resetAndDestroy();
          else data.destroy();
        }
        for (let index = 0; index < 4; index++) {
          const dataPort = await ftp.passive();
          const data = await dataConnection(dataPort);
          data.resetAndDestroy();
          let answer = await ftp.command(`STOR reset-${index}.mp4`, 6000);
          if (answer?.startsWith('150')) answer = await ftp.reply(6000);
          expect(answer).toMatch(/^(226|425|426|550) /);
        }
        expect(await ftp.command('NOOP')).toMatch(/^200 /);
        await ftp.close();
      },
      // A STOR that arrives before the reset is noticed waits ftp-srv's 5 s for its data connection.
      25_000,
    ],
    [
      'STOR aborted mid-file, by close and by reset',
      async () => {
        for (const abort of ['destroy', 'reset'] as const) {
          const ftp = await attackerSession();
          const data = await dataConnection(await ftp.passive());
          ftp.send(`STOR ${attacker.path}.mp4\r\n`);
          expect(await ftp.reply()).toMatch(/^150 /);
          data.write(randomBytes(200_000));
          await sleep(50);
          if (abort === 'reset') data.resetAndDestroy();
          else data.destroy();
          expect(await ftp.reply(), abort).toMatch(/^(226|426|550) /);
          expect(await ftp.command('NOOP')).toMatch(/^200 /);
          await ftp.close();
        }
      },
    ],
    [
      'RETR whose data connection closes before the file is sent: answered, not left hanging',
      async () => {
        const ftp = await attackerSession();
        const name = `retr-${marker}.mp4`;
        expect(await store(ftp, `STOR ${name}`, randomBytes(4 * 1024 * 1024))).toMatch(/^226 /);
        for (const abort of ['end', 'destroy', 'reset'] as const) {
          const data = await dataConnection(await ftp.passive());
          ftp.send(`RETR ${name}\r\n`);
          expect(await ftp.reply(DATA_WAIT_MS), abort).toMatch(/^150 /);
          if (abort === 'end') data.end();
          else if (abort === 'reset') data.resetAndDestroy();
          else data.destroy();
          expect(await ftp.reply(DATA_WAIT_MS), abort).toMatch(/^(226|426|551) /);
          expect(await ftp.command('NOOP'), abort).toMatch(/^200 /);
        }
        await ftp.close();
      },
      4 * DATA_WAIT_MS,
    ],
    [
      'PORT and EPRT elsewhere are refused and never followed',
      async () => {
        const ftp = await attackerSession();
        const listener = await probeListener();
        const { port: probePort } = listener.server.address() as { port: number };
        for (const line of [
          `PORT 127,0,0,1,${probePort >> 8},${probePort & 255}`,
          'PORT 10,255,255,1,4,1',
          'PORT 999,1,1,1,1,1',
          'PORT garbage',
          `EPRT |1|127.0.0.1|${probePort}|`,
          `EPRT |2|::1|${probePort}|`,
          'EPRT |1|192.0.2.1|21|',
          'EPRT',
        ]) {
          expect(await ftp.command(line), line).toMatch(/^502 /);
        }
        expect(await store(ftp, 'STOR after-port.mp4', Buffer.from('x'))).toMatch(/^226 /);
        await sleep(100);
        expect(listener.connections).toBe(0);
        listener.server.close();
        await ftp.close();
      },
    ],
    [
      'traversal in STOR, APPE, RNFR/RNTO, DELE, MKD, CWD and SIZE names',
      async () => {
        const ftp = await attackerSession();
        for (const name of traversal) {
          const answer = await store(ftp, `STOR ${name}`, Buffer.from('escaped'));
          expect(answer, name).toMatch(/^(226|550) /);
          expect(await store(ftp, `APPE ${name}`, Buffer.from('escaped')), name).toMatch(/^(226|550) /);
        }
        expect(await store(ftp, Buffer.from(`STOR nul\u0000../../escape-${marker}.mp4`, 'latin1'), Buffer.from('nul')), 'NUL byte').toMatch(/^(226|550) /);
        expect(await ftp.command(`MKD ../../escape-dir-${marker}`)).toMatch(/^(257|550) /);
        expect(await ftp.command(`CWD ../../..`)).toMatch(/^250 /);
        expect(await ftp.command('PWD')).toMatch(/^257 "\/"/);
        for (const name of traversal) {
          expect(await ftp.command(`RNFR ${name}`), name).toMatch(/^(350|550) /);
          expect(await ftp.command(`RNTO ../../../escape-renamed-${marker}.mp4`), name).toMatch(/^(250|503|550) /);
        }
        expect(await ftp.command(`RNTO ${outside}/escape-rnto-${marker}.mp4`)).toMatch(/^503 /);
        await ftp.close();
      },
    ],
    [
      "APPE, RNFR, DELE and SIZE aimed at another upload's file",
      async () => {
        const ftp = await attackerSession();
        const theirs = [`../${victim.videoId}/${victim.path}.mp4`, `/../../ftp/${victim.videoId}/${victim.path}.mp4`, `../../ftp/${victim.videoId}/${victim.path}.mp4`];
        for (const name of theirs) {
          expect(await store(ftp, `APPE ${name}`, Buffer.from('appended by another upload')), name).toMatch(/^550 /);
          expect(await ftp.command(`SIZE ${name}`), name).toMatch(/^550 /);
          expect(await ftp.command(`RNFR ${name}`), name).toMatch(/^550 /);
          expect(await ftp.command(`DELE ${name}`), name).toMatch(/^550 /);
        }
        await ftp.close();
      },
    ],
    [
      'REST with negative, huge and odd offsets',
      async () => {
        const ftp = await attackerSession();
        for (const offset of ['-1', '-9999999999', 'NaN', 'Infinity', '', '0x10']) expect(await ftp.command(`REST ${offset}`), offset).toMatch(/^(350|501) /);
        for (const offset of ['99999999999999999999', '9007199254740993', '1e308', String(2 ** 31)]) {
          expect(await ftp.command(`REST ${offset}`), offset).toMatch(/^(350|501) /);
          expect(await store(ftp, `STOR ${attacker.path}.mp4`, Buffer.from('rest')), offset).toMatch(/^(226|550) /);
          expect(await ftp.command(`REST ${offset}`), offset).toMatch(/^(350|501) /);
          expect(await store(ftp, `RETR ${attacker.path}.mp4`, Buffer.alloc(0)), offset).toMatch(/^(226|550|551) /);
        }
        expect(await ftp.command('NOOP')).toMatch(/^200 /);
        await ftp.close();
      },
    ],
    [
      'commands without their argument',
      async () => {
        for (const line of ['SITE', 'OPTS', 'SITE CHMOD', 'SITE CHMOD 777', 'RNFR', 'DELE', 'MKD', 'RMD', 'SIZE', 'MDTM', 'STOR', 'APPE', 'RETR', 'CWD', 'REST', 'TYPE', 'MODE', 'STRU', 'HELP', 'STAT', 'AUTH', 'PBSZ', 'PROT', 'ALLO', 'STOU', 'NLST', 'LIST', 'USER']) {
          const ftp = await attackerSession();
          const answer = await ftp.command(line, 6000);
          // An answer, or a hang-up after the server dropped the connection: never silence.
          expect(answer === null || /^\d{3} /.test(answer), `${line}: ${answer}`).toBe(true);
          if (answer !== null) expect(await ftp.command('NOOP'), line).toMatch(/^200 /);
          await ftp.close();
        }
      },
    ],
    [
      'sockets closed mid-command',
      async () => {
        for (const partial of ['STO', 'USER upl', `USER ${attacker.user}\r\nPA`, 'PASV\r\n', 'EPSV\r\nLIST\r\n', `USER ${attacker.user}\r\nPASS ${attacker.password}\r\nTYPE I\r\nPASV\r\nSTOR ${attacker.path}.mp4\r\n`]) {
          const ftp = await RawFtp.open(port);
          ftp.send(partial);
          if (random() < 0.5) ftp.socket.resetAndDestroy();
          else await ftp.close();
        }
      },
    ],
  ];
}

interface ProbeListener {
  readonly server: Server;
  connections: number;
}

async function probeListener(): Promise<ProbeListener> {
  const probe: ProbeListener = { server: createServer((socket: Socket) => (probe.connections++, socket.destroy())), connections: 0 };
  await new Promise<void>((resolve) => probe.server.listen(0, '127.0.0.1', resolve));
  return probe;
}

const VERBS = ['USER', 'PASS', 'STOR', 'APPE', 'RETR', 'REST', 'RNFR', 'RNTO', 'DELE', 'MKD', 'RMD', 'CWD', 'CDUP', 'SIZE', 'MDTM', 'LIST', 'NLST', 'STAT', 'SITE', 'OPTS', 'HELP', 'TYPE', 'MODE', 'STRU', 'PORT', 'EPRT', 'FEAT', 'SYST', 'NOOP', 'PWD', 'ALLO', 'AUTH', 'PBSZ', 'PROT', 'STOU', 'ABOR', 'XYZZY'];

function randomLine(): Buffer {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const verb = random() < 0.1 ? randomBytes(1 + Math.floor(random() * 6)).toString('latin1') : pick(VERBS);
  const args = [
    '',
    '../../../etc/passwd',
    `../../escape-${marker}.mp4`,
    '/',
    '..',
    `${outside}/escape-${marker}`,
    'a\u0000b',
    '-1',
    '99999999999999999999',
    'CHMOD 777 /',
    'UTF8 ON',
    '%s%n%x',
    '"quoted name"',
    `${victim.videoId}/${victim.path}.mp4`,
    'x'.repeat(Math.floor(random() * 4000)),
  ];
  const arg = random() < 0.2 ? randomBytes(Math.floor(random() * 64)).toString('latin1') : pick(args);
  return Buffer.from(`${verb}${arg === '' ? '' : ` ${arg}`}`.replace(/\r\n/g, ''), 'latin1');
}

/** Seeded random command lines, written in randomly cut pieces, on connections logged in or not. */
async function randomConnection(index: number): Promise<void> {
  const ftp = index % 3 === 0 ? await RawFtp.open(port) : await attackerSession();
  const bytes = Buffer.concat(Array.from({ length: RANDOM_LINES }, () => Buffer.concat([randomLine(), Buffer.from('\r\n')])));
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(random() * 700);
    ftp.send(bytes.subarray(at, at + size));
    at += size;
  }
  // Read what comes for a moment, then go.
  for (let reads = 0; reads < RANDOM_LINES; reads++) {
    const answer = await ftp.reply(400).catch(() => null);
    if (answer === null) break;
  }
  await ftp.close();
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'ftp-fuzz-'));
  marker = basename(work);
  dataDir = join(work, 'data');
  outside = join(work, 'outside');
  await mkdir(outside);
  sandbox = await startCommand(['sandbox', '--data-dir', dataDir]);
  port = Number(new URL(String(sandbox.ready.ftp_url)).port);
  const grant = await fetch(`${String(sandbox.ready.auth_url)}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: String(sandbox.ready.client_id), client_secret: String(sandbox.ready.client_secret), username: String(sandbox.ready.username), password: String(sandbox.ready.password) }),
  });
  token = ((await grant.json()) as { access_token: string }).access_token;
  const { channels } = await callApi<{ channels: { id: string; title: string }[] }>('GET', '/users/self/channels.json');
  channelId = channels.find((channel) => channel.title === 'Demo Live')!.id;
  victim = await initUpload();
  attacker = await initUpload();
  victimBytes = randomBytes(64 * 1024);
  await uploadWithClient(victim, victimBytes);
}, 30_000);

afterAll(async () => {
  await sandbox?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the sandbox FTP server with hostile clients', () => {
  it('answers or drops each hostile connection alone, within its deadline', async () => {
    const failures: string[] = [];
    for (const [name, run, deadlineMs] of namedCases()) {
      const failure = await bounded(name, run, deadlineMs);
      if (failure) failures.push(failure);
      expect(sandbox.child.exitCode, `the sandbox exited during "${name}"; stderr: ${sandbox.stderr()}`).toBeNull();
    }
    const random = await bounded('seeded random command lines', () => Promise.all(Array.from({ length: RANDOM_CONNECTIONS }, (_, index) => randomConnection(index))).then(() => undefined));
    if (random) failures.push(random);
    // Joined, so that a failure names its case and its message in the test's own error.
    expect(failures.join('\n')).toBe('');
    expect(sandbox.child.exitCode).toBeNull();
    // No crash report, no last-resort line, no bluebird "Unhandled rejection".
    expect(sandbox.stderr()).toBe('');
    const log = await ftpLog();
    const drops = log.split('\n').filter((line) => line.includes('dropped the FTP connection'));
    expect(drops.join('\n')).toContain('a command line longer than 8192 bytes');
    // SITE and OPTS without an argument throw inside ftp-srv: that connection goes, with a reason.
    expect(drops.join('\n')).toContain('a command failed in ftp-srv (TypeError');
  }, 60_000);

  it('still takes a real upload afterwards, its bytes intact, and the other upload is untouched', async () => {
    const details = await initUpload();
    const bytes = randomBytes(300 * 1024);
    await uploadWithClient(details, bytes);
    expect(sha1(await readFile(join(dataDir, 'ftp', details.videoId, `${details.path}.mp4`)))).toBe(sha1(bytes));
    const client = new Client(5000);
    try {
      await client.access({ host: details.host, port: details.port, user: details.user, password: details.password });
      expect(await client.size(`${details.path}.mp4`)).toBe(bytes.length);
    } finally {
      client.close();
    }
    expect(sha1(await readFile(join(dataDir, 'ftp', victim.videoId, `${victim.path}.mp4`)))).toBe(sha1(victimBytes));
    expect(sandbox.stderr()).toBe('');
  });

  it('wrote nothing outside the uploads’ roots', async () => {
    expect(await readdir(outside)).toEqual([]);
    expect(existsSync(join(tmpdir(), `escape-${marker}.mp4`))).toBe(false);
    const everything = await filesUnder(work);
    const ftpRoot = `data${sep}ftp${sep}`;
    const escaped = everything.filter((file) => file.includes('escape') && !file.startsWith(`${ftpRoot}${attacker.videoId}${sep}`));
    expect(escaped).toEqual([]);
    const uploadFolders = new Set(everything.filter((file) => file.startsWith(ftpRoot)).map((file) => relative(join('data', 'ftp'), file).split(sep)[0]));
    expect([...uploadFolders].every((folder) => /^\d+$/.test(folder!))).toBe(true);
    expect(everything.filter((file) => !file.startsWith(ftpRoot) && file.includes(marker))).toEqual([]);
  });
});
