// Pipeline (a) of bench/relay.mjs: the app's relay engine in a process of its own, as the app runs it:
// the local ingest (node-media-server in-process) on --port with --key, relayed to --target by the
// relay's own RTMP publisher; each --also URL is one more destination (multistream), as
// `companion relay --also` makes it. Built code only (node scripts/build.mjs first).
//
// stdout: JSON lines, {"ready":true,"port":N} once listening, then the relay's events (stats included,
// as the CLI prints them). SIGTERM ends the relay and the ingest cleanly and exits 0.
import { parseArgs } from 'node:util';
import { startLocalIngest } from '../../build/main/relay/local-ingest.js';
import { createRelay, fixedTargets } from '../../build/main/relay/relay.js';

const { values } = parseArgs({
  options: { port: { type: 'string' }, key: { type: 'string' }, target: { type: 'string' }, also: { type: 'string', multiple: true, default: [] } },
});
const line = (object) => process.stdout.write(`${JSON.stringify(object)}\n`);
const logger = {
  info: () => undefined,
  warn: (message, fields) => process.stderr.write(`warn: ${message} ${fields ? JSON.stringify(fields) : ''}\n`),
  error: (message, fields) => process.stderr.write(`error: ${message} ${fields ? JSON.stringify(fields) : ''}\n`),
};

const ingest = await startLocalIngest({ host: '127.0.0.1', port: Number(values.port), app: 'live', streamKey: values.key, logger });
const relay = createRelay({
  ingest,
  targets: fixedTargets([{ id: 'bench', label: 'bench target', url: values.target }]),
  destinations: values.also.map((url, index) => ({ id: `also-${index + 1}`, label: `also ${index + 1}`, targets: fixedTargets([{ id: `also-${index + 1}`, label: `also ${index + 1}`, url }]) })),
  onEvent: line,
  logger,
});
await relay.start();
line({ ready: true, port: ingest.port });

let stopping = false;
process.on('SIGTERM', async () => {
  if (stopping) return;
  stopping = true;
  await relay.stop('bench over');
  await ingest.close();
  process.exit(0);
});
