// Upload by FTP end to end, over real servers: the documented flow with basic-ftp (binary, passive)
// against the sandbox's own FTP server, the failures the spec names, what a resuming client does, and
// the same flow against an independent FTP server (pure-ftpd) handed out as the sandbox's external FTP.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, FTPError } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxOptions } from '../../../sandbox/index.js';
import { startPureFtpd, type PureFtpd } from '../../support/pure-ftpd.js';
import { api, passwordToken } from '../../support/sandbox-client.js';

const SPEC_ORDER = ['initiated', 'transferred', 'queued', 'pending', 'transcoding', 'complete'];
const STEP_MS = 40;

interface UploadDetails {
  readonly protocol: string;
  readonly host: string;
  readonly port: number;
  readonly path: string;
  readonly user: string;
  readonly password: string;
  readonly videoId: string;
  readonly url: string;
}

let work: string;
let clip: string;
let clipBytes: Buffer;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'ftp-upload-test-'));
  clip = join(work, 'clip.mp4');
  await commandOutput('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', clip]);
  clipBytes = await readFile(clip);
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A sandbox with its upload flow driven by the demo user's token, as the app drives it. */
async function uploadingSandbox(options: SandboxOptions = {}) {
  const sandbox = await startSandbox({ uploadStepMs: STEP_MS, dataDir: await mkdtemp(join(work, 'sandbox-')), ...options });
  const token = await passwordToken(sandbox);
  const channelId = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live')!.id;
  const init = async (form: Record<string, string> = {}) => {
    const answer = await api<UploadDetails>(sandbox, token, 'POST', `/channels/${channelId}/uploads.json?type=videoupload-ftp`, form);
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const ready = async (details: UploadDetails) => {
    const answer = await api(sandbox, token, 'PUT', `/channels/${channelId}/uploads/${details.videoId}.json`, { status: 'ready' });
    expect(answer.status).toBe(202);
  };
  /** Polls as the app does; returns the statuses seen, each once, in the order seen. */
  const finish = async (details: UploadDetails) => {
    const seen: string[] = [];
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await api<{ status: string }>(sandbox, token, 'GET', `/channels/${channelId}/uploads/${details.videoId}.json`);
      expect(answer.status).toBe(200);
      if (seen.at(-1) !== answer.body.status) seen.push(answer.body.status);
      if (answer.body.status === 'complete' || answer.body.status === 'error') return seen;
      if (Date.now() > deadline) throw new Error(`upload ${details.videoId} still ${answer.body.status}; seen ${seen.join(' > ')}`);
      await sleep(5);
    }
  };
  return { sandbox, token, channelId, init, ready, finish };
}

async function ftpSession(details: Pick<UploadDetails, 'host' | 'port' | 'user' | 'password'>): Promise<Client> {
  const client = new Client(10_000);
  await client.access({ host: details.host, port: details.port, user: details.user, password: details.password });
  return client;
}

async function withFtp<T>(details: UploadDetails, use: (client: Client) => Promise<T>): Promise<T> {
  const client = await ftpSession(details);
  try {
    return await use(client);
  } finally {
    client.close();
  }
}

async function remoteBytes(client: Client, name: string): Promise<Buffer> {
  const file = join(work, `download-${Date.now()}-${Math.random().toString(16).slice(2)}`);
  await client.downloadTo(file, name);
  return readFile(file);
}

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

/** The statuses seen are the spec's values, in the spec's order (polling may miss short ones). */
function inSpecOrder(seen: readonly string[]): boolean {
  const positions = seen.map((status) => SPEC_ORDER.indexOf(status));
  return positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!));
}

describe('upload by FTP against the sandbox FTP server', () => {
  let flow: Awaited<ReturnType<typeof uploadingSandbox>>;

  beforeAll(async () => {
    flow = await uploadingSandbox();
  });

  afterAll(async () => {
    await flow?.sandbox.close();
  });

  it('reaches complete through the documented flow and the video has the file size', async () => {
    const created: string[] = [];
    flow.sandbox.admin.store.on('video-created', (video) => created.push(video.id));
    const details = await flow.init({ title: 'Uploaded clip', description: 'from the test', protect: '1' });
    const host = new URL(flow.sandbox.ftpUrl);
    expect(details).toEqual({
      protocol: 'ftp',
      host: host.hostname,
      port: Number(host.port),
      path: expect.stringMatching(new RegExp(`^upload-${details.videoId}-`)),
      user: `upload-${details.videoId}`,
      password: expect.stringMatching(/^\S{16,}$/),
      videoId: expect.stringMatching(/^\d+$/),
      url: `ftp://${details.user}:${encodeURIComponent(details.password)}@${host.host}/${details.path}`,
    });
    expect((await api(flow.sandbox, flow.token, 'GET', `/channels/${flow.channelId}/uploads/${details.videoId}.json`)).body).toEqual({ status: 'initiated', progress: 0 });

    await withFtp(details, async (client) => {
      await client.uploadFrom(clip, `${details.path}.mp4`);
      expect(await client.size(`${details.path}.mp4`)).toBe(clipBytes.length);
    });
    await flow.ready(details);
    const seen = await flow.finish(details);

    expect(seen.at(-1)).toBe('complete');
    expect(inSpecOrder(seen), seen.join(' > ')).toBe(true);
    const video = flow.sandbox.admin.store.video(details.videoId)!;
    expect(video).toMatchObject({ source: 'upload', fileSize: clipBytes.length, title: 'Uploaded clip', description: 'from the test', protect: 'private' });
    expect(Number(video.length)).toBeCloseTo(2, 0);
    expect(sha1(await readFile(video.filePath!))).toBe(sha1(clipBytes));
    expect(created).toEqual([details.videoId]);
    const read = await api<{ video: { id: string; file_size: string } }>(flow.sandbox, flow.token, 'GET', `/videos/${details.videoId}.json`);
    expect(read.status).toBe(200);
    expect(read.body.video).toMatchObject({ id: details.videoId, file_size: String(clipBytes.length) });
    const listed = await api<{ videos: { id: string; file_size: string }[] }>(flow.sandbox, flow.token, 'GET', `/channels/${flow.channelId}/videos.json`);
    expect(listed.body.videos).toContainEqual(expect.objectContaining({ id: details.videoId, file_size: String(clipBytes.length) }));
  });

  it('ends in error for an unsupported extension, a missing file and an empty file', async () => {
    const unsupported = await flow.init();
    await withFtp(unsupported, (client) => client.uploadFrom(Readable.from([Buffer.from('not a video')]), `${unsupported.path}.txt`));
    const missing = await flow.init();
    const emptyFile = await flow.init();
    await withFtp(emptyFile, (client) => client.uploadFrom(Readable.from([]), `${emptyFile.path}.mp4`));

    for (const details of [unsupported, missing, emptyFile]) await flow.ready(details);
    const ends = await Promise.all([unsupported, missing, emptyFile].map((details) => flow.finish(details)));

    for (const seen of ends) expect(seen.at(-1)).toBe('error');
    const reasons = [unsupported, missing, emptyFile].map((details) => flow.sandbox.admin.store.upload(details.videoId)!.errorReason);
    expect(reasons[0]).toMatch(/unsupported extension/);
    expect(reasons[1]).toMatch(/No file named/);
    expect(reasons[2]).toMatch(/is empty/);
    for (const details of [unsupported, missing, emptyFile]) expect(flow.sandbox.admin.store.video(details.videoId)).toBeUndefined();
  });

  it('refuses wrong and unknown credentials', async () => {
    const details = await flow.init();
    for (const wrong of [{ ...details, password: `${details.password}x` }, { ...details, user: 'upload-1' }, { ...details, user: 'anonymous', password: 'guest' }]) {
      const attempt = ftpSession(wrong);
      await expect(attempt).rejects.toBeInstanceOf(FTPError);
      await expect(attempt).rejects.toMatchObject({ code: 530 });
    }
  });

  it("keeps each upload in its own root: one upload's credentials cannot see another's file", async () => {
    const mine = await flow.init();
    const theirs = await flow.init();
    await withFtp(theirs, (client) => client.uploadFrom(clip, `${theirs.path}.mp4`));
    await withFtp(mine, async (client) => {
      expect(await client.list('/')).toEqual([]);
      await client.cd('..');
      expect(await client.pwd()).toBe('/');
      for (const path of [`${theirs.path}.mp4`, `../${theirs.videoId}/${theirs.path}.mp4`, `/../../ftp/${theirs.videoId}/${theirs.path}.mp4`]) {
        await expect(client.size(path), path).rejects.toMatchObject({ code: 550 });
      }
    });
  });

  it('resumes with SIZE + APPE and with REST + STOR, and the result is the whole file', async () => {
    const half = Math.floor(clipBytes.length / 2);
    const appended = await flow.init();
    await withFtp(appended, async (client) => {
      const name = `${appended.path}.mp4`;
      await client.uploadFrom(Readable.from([clipBytes.subarray(0, half)]), name);
      const offset = await client.size(name);
      expect(offset).toBe(half);
      await client.appendFrom(clip, name, { localStart: offset });
      expect(sha1(await remoteBytes(client, name))).toBe(sha1(clipBytes));
    });

    // A broken first attempt left a wrong tail after the restart offset: REST + STOR keeps what comes
    // before the offset and replaces everything after it.
    const restarted = await flow.init();
    await withFtp(restarted, async (client) => {
      const name = `${restarted.path}.mp4`;
      await client.uploadFrom(Readable.from([clipBytes.subarray(0, half), Buffer.alloc(half + 4096, 0xee)]), name);
      expect((await client.send(`REST ${half}`)).code).toBe(350);
      await client.uploadFrom(clip, name, { localStart: half });
      expect(sha1(await remoteBytes(client, name))).toBe(sha1(clipBytes));
    });

    await flow.ready(restarted);
    expect((await flow.finish(restarted)).at(-1)).toBe('complete');
    expect(flow.sandbox.admin.store.video(restarted.videoId)?.fileSize).toBe(clipBytes.length);
  });

  it('keeps the partial file when the data connection breaks, so the client can resume it', async () => {
    const half = Math.floor(clipBytes.length / 2);
    const details = await flow.init();
    const name = `${details.path}.mp4`;
    const broken = await ftpSession(details);
    const watcher = await ftpSession(details);
    try {
      const source = new Readable({ read: () => undefined });
      source.push(clipBytes.subarray(0, half));
      const transfer = broken.uploadFrom(source, name);
      await expect.poll(() => watcher.size(name).catch(() => 0)).toBe(half);
      broken.ftp.dataSocket!.resetAndDestroy();
      await expect(transfer).rejects.toThrow();

      expect(await watcher.size(name)).toBe(half);
      await watcher.appendFrom(clip, name, { localStart: half });
      expect(sha1(await remoteBytes(watcher, name))).toBe(sha1(clipBytes));
    } finally {
      broken.close();
      watcher.close();
    }
  });

  it('insists on binary and passive mode, as the platform does', async () => {
    const details = await flow.init();
    await withFtp(details, async (client) => {
      await expect(client.send('PORT 127,0,0,1,4,1')).rejects.toMatchObject({ code: 502 });
      await expect(client.send('EPRT |1|127.0.0.1|1025|')).rejects.toMatchObject({ code: 502 });
      await client.send('TYPE A');
      await expect(client.uploadFrom(clip, `${details.path}.mp4`)).rejects.toThrow(/binary mode/);
      await client.send('TYPE I');
      await client.uploadFrom(clip, `${details.path}.mp4`);
      expect(await client.size(`${details.path}.mp4`)).toBe(clipBytes.length);
    });
  });

  it('ends the FTP credentials once the client says ready', async () => {
    const details = await flow.init();
    const open = await ftpSession(details);
    await open.uploadFrom(clip, `${details.path}.mp4`);
    await flow.ready(details);
    await expect.poll(() => open.closed).toBe(true);
    await expect(ftpSession(details)).rejects.toMatchObject({ code: 530 });
    expect((await flow.finish(details)).at(-1)).toBe('complete');
  });

  it("leaves the process's signal handling to the app (ftp-srv would exit the process on SIGINT)", async () => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGQUIT'] as const;
    const before = signals.map((signal) => process.listenerCount(signal));
    const another = await startSandbox({ dataDir: await mkdtemp(join(work, 'sandbox-')) });
    try {
      expect(signals.map((signal) => process.listenerCount(signal))).toEqual(before);
    } finally {
      await another.close();
    }
  });

  it('answers the spec errors of the three upload calls', async () => {
    const { sandbox, token, channelId } = flow;
    const rival = await passwordToken(sandbox, sandbox.rival);
    const post = (path: string, form: Record<string, string> = {}, as: string | null = token) => api(sandbox, as, 'POST', path, form);
    const uploads = `/channels/${channelId}/uploads.json`;

    expect(await post(`${uploads}?type=videoupload-ftp`, { protect: '2' })).toMatchObject({ status: 400, body: { error: 'protect_level_invalid' } });
    expect(await post(`${uploads}?type=videoupload-ftp`, { protect: 'private' })).toMatchObject({ status: 400, body: { error: 'protect_level_invalid' } });
    expect(await post(uploads)).toMatchObject({ status: 400, body: { error: 'bad_request' } });
    expect(await post(`${uploads}?type=videoupload-http`)).toMatchObject({ status: 400, body: { error: 'invalid_value' } });
    expect(await post('/channels/999999/uploads.json?type=videoupload-ftp')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await post(`${uploads}?type=videoupload-ftp`, {}, null)).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    expect(await post(`${uploads}?type=videoupload-ftp`, {}, rival)).toMatchObject({ status: 403, body: { error: 'lack_of_ownership' } });

    const details = await flow.init({ protect: '0' });
    const status = `/channels/${channelId}/uploads/${details.videoId}.json`;
    expect(await api(sandbox, token, 'PUT', status, { status: 'complete' })).toMatchObject({ status: 400, body: { error: 'invalid_value' } });
    expect(await api(sandbox, token, 'PUT', status, {})).toMatchObject({ status: 400, body: { error: 'bad_request' } });
    expect(await api(sandbox, token, 'PUT', `/channels/${channelId}/uploads/1.json`, { status: 'ready' })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await api(sandbox, token, 'GET', `/channels/${channelId}/uploads/1.json`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const otherChannel = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Backstage')!.id;
    expect(await api(sandbox, token, 'GET', `/channels/${otherChannel}/uploads/${details.videoId}.json`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await api(sandbox, token, 'GET', `/channels/999999/uploads/${details.videoId}.json`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await api(sandbox, rival, 'GET', status)).toMatchObject({ status: 403, body: { error: 'lack_of_ownership' } });
    expect(sandbox.admin.store.upload(details.videoId)).toMatchObject({ status: 'initiated', protect: 'public' });
  });
});

function commandOutput(command: string, args: readonly string[], input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    child.stdin?.end(input);
  });
}

describe('upload by FTP against an external FTP server (pure-ftpd)', () => {
  let ftpd: PureFtpd;
  let flow: Awaited<ReturnType<typeof uploadingSandbox>>;

  beforeAll(async () => {
    ftpd = await startPureFtpd(await mkdtemp(join(work, 'pure-ftpd-')));
    flow = await uploadingSandbox({ externalFtp: { url: ftpd.url, root: ftpd.root } });
  });

  afterAll(async () => {
    await flow?.sandbox.close();
    await ftpd?.stop();
  });

  it('hands out the external server and reaches complete from the file in its root', async () => {
    const external = new URL(ftpd.url);
    expect(flow.sandbox.ftpUrl).toBe(`ftp://${external.host}`);
    const details = await flow.init({ title: 'Through pure-ftpd' });
    expect(details).toMatchObject({ protocol: 'ftp', host: '127.0.0.1', port: Number(external.port), user: external.username, password: external.password });

    await withFtp(details, (client) => client.uploadFrom(clip, `${details.path}.mp4`));
    expect((await stat(join(ftpd.root, `${details.path}.mp4`))).size).toBe(clipBytes.length);
    await flow.ready(details);
    const seen = await flow.finish(details);

    expect(seen.at(-1)).toBe('complete');
    expect(inSpecOrder(seen), seen.join(' > ')).toBe(true);
    expect(flow.sandbox.admin.store.video(details.videoId)).toMatchObject({ fileSize: clipBytes.length, title: 'Through pure-ftpd', filePath: join(ftpd.root, `${details.path}.mp4`) });
  });

  it('ends in error when nothing with the upload path arrived in the root', async () => {
    const details = await flow.init();
    await writeFile(join(ftpd.root, `${details.path}.avi.part`), 'x');
    await flow.ready(details);
    expect((await flow.finish(details)).at(-1)).toBe('error');
  });
});
