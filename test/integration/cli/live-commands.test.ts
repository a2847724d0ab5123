// `companion relay` and `companion live` as run from a terminal: the built CLI, a real nginx-rtmp or the
// embedded sandbox as the target, ffmpeg as the encoder, and the --json event lines a script reads.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';
import { until } from '../../support/until.js';

const encoders = new Encoders();
const running: RunningCommand[] = [];
let nginx: NginxRtmp | null = null;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-live-cli-'));
});

afterAll(async () => {
  encoders.killAll();
  for (const command of running) await command.stop();
  await nginx?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('companion relay', () => {
  it('relays a local ingest to an explicit target, prints its events, and stops cleanly', async () => {
    nginx = await startNginxRtmp();
    const relay = await startCommand(['relay', '--listen', 'rtmp://127.0.0.1:0/live', '--to', `${nginx.url}/from-cli`], 20_000, {}, 'listening');
    running.push(relay);
    // The first line says where the encoder goes.
    const listening = relay.ready;
    expect(listening.url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    const encoder = encoders.publish(`${String(listening.url)}/${String(listening.key)}`, 6);
    await until(() => relay.lines.find((line) => line.event === 'encoder-connected'), 'encoder-connected');
    await until(() => relay.lines.find((line) => line.event === 'target-connected'), 'target-connected');
    expect(await encoder.exited).toBe(0);
    expect(await relay.stop()).toBe(0);
    expect(relay.lines.at(-1)).toMatchObject({ event: 'stopped', signal: 'SIGTERM' });
    // One publish, told once each (the ingest and the relay both said it, issue 16).
    expect(relay.lines.filter((line) => line.event === 'encoder-connected')).toHaveLength(1);
    expect(relay.lines.filter((line) => line.event === 'encoder-disconnected')).toHaveLength(1);
    const recording = (await nginx.recordings())[0]!;
    expect((await probe(recording.path, '-show_entries', 'stream=codec_name')).split('\n').sort()).toEqual(['aac', 'h264']);
  });
});

describe('companion live', () => {
  it('goes live on a channel of the embedded sandbox and reports it; Ctrl+C ends the stream', async () => {
    requireKeyring();
    const env = { COMPANION_DATA_DIR: dataDir };
    expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env })).code).toBe(0);
    // The asked port is held by another program: the command listens elsewhere and its listening line says where.
    const other = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
    await once(other, 'listening');
    const busy = (other.address() as AddressInfo).port;
    const live = await startCommand(['live', '--channel', '5002', '--listen', `rtmp://127.0.0.1:${busy}/live`], 30_000, env, 'listening').finally(() => other.close());
    running.push(live);
    const listening = live.ready;
    expect(listening.url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    expect(listening.url).not.toContain(`:${busy}/`);
    expect(listening.port_note).toBe(`Port ${busy} is used by another program, so the local ingest listens on ${new URL(String(listening.url).replace(/^rtmp:/, 'http:')).port} for this run: point your encoder at ${String(listening.url)}`);
    encoders.publish(`${String(listening.url)}/${String(listening.key)}`, 20);
    await until(() => live.lines.find((line) => line.event === 'target-connected'), 'target-connected', 20_000);

    // Another command of the same data folder uses the sandbox the `live` process runs.
    const read = async () => JSON.parse((await runCli(['api', 'GET', '/channels/5002.json'], { env })).stdout) as { channel: { status: string } };
    const deadline = Date.now() + 15_000;
    while ((await read()).channel.status !== 'live' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await read()).channel.status).toBe('live');

    expect(await live.stop()).toBe(0);
    expect(live.lines.map((line) => line.event)).toContain('stopped');
  });
});
