// Pipeline (b) of bench/relay.mjs, its ingest: node-media-server 4.4.3 as shipped, on its own in a
// process (RTMP only, a fresh store, no web admin), its log lines dropped as the app drops them. An
// `ffmpeg -i rtmp://.../live/KEY -c copy -f flv rtmp://target` started by the harness plays from it.
//
// stdout: {"ready":true,"port":N} once listening. SIGTERM stops the server and exits 0.
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import NodeMediaServer from 'node-media-server';
import nmsLogger from 'node-media-server/src/core/logger.js';

const { values } = parseArgs({ options: { port: { type: 'string' }, 'data-dir': { type: 'string' } } });
const port = Number(values.port);

nmsLogger.log = (message, level = 'info') => {
  if (level === 'warn' || level === 'error') process.stderr.write(`node-media-server ${level}: ${message}\n`);
};

const storeDir = await mkdtemp(join(values['data-dir'], 'nms-ingest-'));
const server = new NodeMediaServer({ bind: '127.0.0.1', rtmp: { port }, store: { path: storeDir }, webadmin: { enable: false } }, '');
await server.run();
// run() does not wait for the listener: knock until it answers.
for (let attempt = 0; ; attempt += 1) {
  const open = await new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  if (open) break;
  if (attempt > 100) throw new Error(`node-media-server does not listen on ${port}`);
  await delay(50);
}
process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`);

let stopping = false;
process.on('SIGTERM', async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await rm(storeDir, { recursive: true, force: true });
  process.exit(0);
});
