// Vitest global setup of the conformance suite: makes the directory the test workers write their coverage
// marks to (handed over in an environment variable, which the workers inherit), and on teardown prints
// the one coverage line and writes the per-row listing to test-results/conformance.txt.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFORMANCE_MARKS_ENV, type CoverageMark } from './coverage.js';
import { coverageReport, formatCoverageReport } from './coverage-report.js';
import { loadSpecRows } from './spec-rows.js';

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
export const CONFORMANCE_REPORT_FILE = join(RESULTS_DIR, 'conformance.txt');

let marksDir: string | null = null;

export function setup(): void {
  marksDir = mkdtempSync(join(tmpdir(), 'conformance-marks-'));
  process.env[CONFORMANCE_MARKS_ENV] = marksDir;
}

export function teardown(): void {
  if (!marksDir) return;
  const marks: CoverageMark[] = [];
  for (const file of readdirSync(marksDir)) {
    for (const line of readFileSync(join(marksDir, file), 'utf8').split('\n')) {
      if (line.trim() !== '') marks.push(JSON.parse(line) as CoverageMark);
    }
  }
  rmSync(marksDir, { recursive: true, force: true });
  delete process.env[CONFORMANCE_MARKS_ENV];
  marksDir = null;

  const report = coverageReport(loadSpecRows(), marks);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(CONFORMANCE_REPORT_FILE, formatCoverageReport(report));
  console.log(report.line);
}
