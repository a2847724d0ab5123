// `npm test`: from a bare clone, installs what is missing, builds, then runs typecheck, lint, unit and
// integration tests (vitest) and end-to-end tests (Playwright in Debian's Chromium). Every stage runs even
// when an earlier one failed, so one run shows everything that is wrong; the exit code is 1 if any failed.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BootstrapError, ensureNodeModules, ensureSystemPackages } from './bootstrap.mjs';
import { build } from './build.mjs';
import { markBuildCurrent, sourcesFingerprint } from './build-fingerprint.mjs';
import { run } from './run.mjs';
import { testPackages } from './system-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = `${root}test-results/`;
const node = process.execPath;
const bin = (name, file) => `${root}node_modules/${name}/${file}`;

async function main() {
  await ensureSystemPackages(testPackages);
  await ensureNodeModules();
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });

  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR };
  const stages = [
    // Always a fresh build here; it is marked current, so an `npm start` after the tests does not build again.
    ['build', async () => {
      const fingerprint = sourcesFingerprint(root);
      await build();
      markBuildCurrent(root, fingerprint);
    }],
    ['typecheck', async () => {
      await run(node, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.node.json', '--noEmit'], { cwd: root, label: 'typecheck (node)' });
      await run(node, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.renderer.json'], { cwd: root, label: 'typecheck (renderer)' });
      await run(node, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.e2e.json', '--noEmit'], { cwd: root, label: 'typecheck (e2e)' });
    }],
    ['lint', () => run(node, [bin('eslint', 'bin/eslint.js'), '--max-warnings=0', '.'], { cwd: root, env })],
    ['unit + integration', () => run(node, [`${root}scripts/with-keyring.mjs`, node, bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}vitest.json`], { cwd: root, env })],
    // The app under test keeps its sign-in in a real (throwaway) keychain too.
    ['e2e', () => run(node, [`${root}scripts/with-keyring.mjs`, node, bin('@playwright/test', 'cli.js'), 'test'], { cwd: root, env })],
  ];

  const failed = [];
  for (const [name, stage] of stages) {
    console.log(`\n=== ${name} ===`);
    try {
      await stage();
    } catch (error) {
      console.error(`✗ ${name}: ${error.message}`);
      failed.push(name);
      if (name === 'build') break; // nothing after it can run without the build
    }
  }

  const counts = countTests();
  console.log('\n=== summary ===');
  console.log(`stages failed: ${failed.length === 0 ? 'none' : failed.join(', ')}`);
  console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const failure of counts.failures) console.log(`✗ ${failure}`);
  process.exitCode = failed.length === 0 && counts.failed === 0 ? 0 : 1;
}

/**
 * Adds up vitest's and Playwright's JSON reports, and names each failed test with the start of its error, so
 * that the last lines of a run (all a CI log may keep) say what failed.
 */
function countTests() {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  const vitest = readJson(`${results}vitest.json`);
  if (vitest) {
    counts.passed += vitest.numPassedTests ?? 0;
    counts.failed += vitest.numFailedTests ?? 0;
    counts.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
    for (const file of vitest.testResults ?? []) {
      const where = relative(root, file.name ?? '');
      if (file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed')) {
        counts.failures.push(`${where}: ${firstLines(file.message)}`); // failed before or around its tests
      }
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') counts.failures.push(`${where} › ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
      }
    }
  }
  const playwright = readJson(`${results}playwright.json`);
  if (playwright?.stats) {
    counts.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    counts.failed += playwright.stats.unexpected ?? 0;
    counts.skipped += playwright.stats.skipped ?? 0;
    for (const [titles, test] of playwrightTests(playwright.suites ?? [], [])) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.at(-1)?.errors?.[0]?.message;
      counts.failures.push(`${titles.join(' › ')}: ${firstLines(error)}`);
    }
  }
  return counts;
}

function* playwrightTests(suites, titles) {
  for (const suite of suites) {
    const inSuite = [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield [[...inSuite, spec.title], test];
    }
    yield* playwrightTests(suite.suites ?? [], inSuite);
  }
}

/** The first lines of an error message, without colour codes: enough to tell one failure from another. */
function firstLines(message) {
  if (!message) return '(no message)';
  // eslint-disable-next-line no-control-regex
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain.split('\n').map((line) => line.trim()).filter(Boolean);
  const words = lines.filter((line) => !line.startsWith('at ')).slice(0, 3);
  const where = lines.find((line) => line.startsWith('at ') && !line.includes('node_modules'));
  return [...words, ...(where ? [where] : [])].join(' | ').slice(0, 600);
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

main().catch((error) => {
  console.error(error instanceof BootstrapError ? error.message : `[test] ${error.stack ?? error.message}`);
  process.exit(1);
});
