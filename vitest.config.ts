// Config files are the one place a default export is required (Vite and Vitest load them so).
import { defineConfig } from 'vitest/config';
import { conformanceProjects } from './test/conformance/conformance-projects.js';

/**
 * Files that measure time on the wire (frame rates, send buffers, shaped links, failover timings, fuzz
 * deadlines) or shape the machine's network (namespaces, tc): they run one at a time after everything else, so two
 * ffmpeg encoders or a second shaped link never share their two cores.
 */
const ONE_AT_A_TIME = [
  'test/integration/relay/**/*.test.ts',
  'test/integration/live/live-multistream.test.ts',
  'test/integration/live/live-preview.test.ts',
  'test/integration/cli/multistream.test.ts',
  'test/integration/cli/safety-copy-cli.test.ts',
  'test/integration/cli/safety-copy-live-cli.test.ts',
  'test/integration/**/*.shaped.test.ts',
  // Fuzzers give every hostile case a few seconds to be answered.
  'test/integration/sandbox/*-fuzz.test.ts',
];

/**
 * A shaped-link file that runs beside the others all the same: it waits on its own 10 Mbit/s link for three
 * minutes (200 MiB of upload, the acceptance of issue 21) with a copied clip as its encoder, so it uses little
 * CPU, and what it asserts is the link's buffer and rate, which the other worker's load does not move. Run alone
 * at the end it made the suite three minutes longer.
 */
const BESIDE_OTHERS = ['test/integration/live/uploads-yield-to-live.shaped.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // A limit is a guard against a hang, not a speed check. Two files at once on two cores: a test that spawns the
    // CLI a few times can take twice as long as alone, and CI's machines have run the suite up to 2.4 times
    // slower than this one (a test of 28 s here, such as session-commands, needs room above 45 s there).
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at once (vitest's own default is one worker fewer than the cores: one here). The races two at
    // once showed under load are mended: gnome-keyring items vanishing under another process's read
    // (secret-store.ts asks again), a relay's `stopped` before a late `encoder-disconnected` (the relay
    // command), a begun upload without its kept password (ftp-upload-transport.ts); files that time the
    // wire run one at a time below.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit-and-integration',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
          exclude: ONE_AT_A_TIME,
        },
      },
      {
        extends: true,
        test: { name: 'one-at-a-time', include: ONE_AT_A_TIME, exclude: BESIDE_OTHERS, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
      { extends: true, test: { name: 'beside-others', include: BESIDE_OTHERS } },
      // The conformance suite once per format; each prints `conformance (<format>): N of M spec rows covered`.
      ...conformanceProjects(),
    ],
  },
});
