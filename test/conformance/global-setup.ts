// Vitest global setup of each conformance project (one per format, see conformance-projects.ts): makes the
// directory the test workers write their coverage marks to (handed to them with `provide`, so the two
// projects' marks stay apart), and on teardown prints the project's coverage line and writes the per-row
// listing to test-results/conformance-<format>.txt.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CONFORMANCE_MARKS_KEY, type CoverageMark } from './coverage.js';
import { coverageReport, formatCoverageReport } from './coverage-report.js';
import { loadCurrentSpecRows } from './current-spec-rows.js';
import { loadSpecRows } from './spec-rows.js';
import { CONFORMANCE_FORMAT_ENV, parseSuiteFormat, type SuiteFormat } from './suite-format.js';

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

function conformanceReportFile(format: SuiteFormat): string {
  return join(RESULTS_DIR, `conformance-${format}.txt`);
}

/** Returns the teardown. */
export function setup(project: TestProject): () => void {
  const format = parseSuiteFormat(project.config.env[CONFORMANCE_FORMAT_ENV]);
  const marksDir = mkdtempSync(join(tmpdir(), `conformance-marks-${format}-`));
  project.provide(CONFORMANCE_MARKS_KEY, marksDir);
  return () => report(format, marksDir);
}

function report(format: SuiteFormat, marksDir: string): void {
  const marks: CoverageMark[] = [];
  for (const file of readdirSync(marksDir)) {
    for (const line of readFileSync(join(marksDir, file), 'utf8').split('\n')) {
      if (line.trim() !== '') marks.push(JSON.parse(line) as CoverageMark);
    }
  }
  rmSync(marksDir, { recursive: true, force: true });

  const coverage = coverageReport([...loadSpecRows(), ...loadCurrentSpecRows()], marks, format);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(conformanceReportFile(format), formatCoverageReport(coverage));
  console.log(coverage.line);
}
