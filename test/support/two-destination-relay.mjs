// A relay in a process of its own, for tests that watch its memory: the local ingest (key from argv) relayed to
// a main destination (`to`) and one more destination (`also`), as `companion relay --to A --also B --json`
// does, printing every event as a JSON line on stdout and `{"event":"listening","url":...}` once it listens.
// Runs the built relay (node scripts/build.mjs first). SIGTERM stops the relay cleanly and exits.
import { startLocalIngest } from '../../build/main/relay/local-ingest.js';
import { createRelay } from '../../build/main/relay/relay.js';

const [to, also, key] = process.argv.slice(2);
const print = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);
const one = (id, label, url) => ({ targets: async () => [{ id, label, url }], refreshAfterAuthFailure: async () => null });

const ingest = await startLocalIngest({ host: '127.0.0.1', port: 0, streamKey: key, onEvent: print });
const relay = createRelay({
  ingest,
  targets: one('main-1', 'main ingest', to),
  main: { id: 'main', label: 'Main' },
  destinations: [{ id: 'also', label: 'Second platform', targets: one('also-1', 'second ingest', also) }],
  onEvent: print,
  statsIntervalMs: 1000,
});
await relay.start();
print({ event: 'listening', url: `${ingest.url}/${key}` });
process.once('SIGTERM', () => {
  void relay
    .stop('SIGTERM received')
    .then(() => ingest.close())
    .finally(() => process.exit(0));
});
