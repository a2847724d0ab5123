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

export default defineConfig({
  test: {
    environment: 'node',
    // Two files at once on two cores: a test that spawns the CLI a few times can take twice as long as alone.
    testTimeout: 45_000,
    hookTimeout: 60_000,
    // One file at a time for now. Two at once (vitest's default is one worker fewer than the cores) cut the
    // stage from ~21 to ~18 min, but under load it showed races: gnome-keyring answering "No such interface
    // Secret.Item" to one process while another changed the collection (current-dialect-sign-in), a relay's
    // last two lines in the other order (live-commands), an FTP fuzz reply past its 3 s deadline. Set it to 2
    // again once those tests are made safe to share the machine (issue 21's note lists them).
    maxWorkers: 1,
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
        test: { name: 'one-at-a-time', include: ONE_AT_A_TIME, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
      // The conformance suite once per format; each prints `conformance (<format>): N of M spec rows covered`.
      ...conformanceProjects(),
    ],
  },
});
