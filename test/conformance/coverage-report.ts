// Adds up the coverage marks of all test files against the spec's rows: a row is covered when its success
// case and every error case the spec lists for it have a passing test or a written not-applicable reason.
import type { CoverageMark } from './coverage.js';
import type { SpecRow } from './spec-rows.js';

export type CaseState = 'pass' | 'not-applicable' | 'fail' | 'missing';

export interface CaseReport {
  readonly key: string;
  readonly state: CaseState;
  readonly detail: string;
}

export interface RowReport {
  readonly row: SpecRow;
  readonly cases: readonly CaseReport[];
  readonly covered: boolean;
}

export interface CoverageReport {
  readonly rows: readonly RowReport[];
  readonly covered: number;
  readonly total: number;
  /** `conformance (<format>): N of M spec rows covered` */
  readonly line: string;
}

export function coverageReport(rows: readonly SpecRow[], marks: readonly CoverageMark[], format: string): CoverageReport {
  const reports = rows.map((row): RowReport => {
    const cases = ['success', ...row.errors.map((error) => error.key)].map((key): CaseReport => {
      const own = marks.filter((mark) => mark.row === row.id && mark.case === key);
      const pass = own.find((mark) => mark.outcome === 'pass');
      if (pass) return { key, state: 'pass', detail: pass.detail };
      const notApplicable = own.find((mark) => mark.outcome === 'not-applicable');
      if (notApplicable) return { key, state: 'not-applicable', detail: notApplicable.detail };
      const failed = own.filter((mark) => mark.outcome === 'fail');
      if (failed.length > 0) return { key, state: 'fail', detail: failed.map((mark) => mark.detail).join('; ') };
      return { key, state: 'missing', detail: '' };
    });
    return { row, cases, covered: cases.every((entry) => entry.state === 'pass' || entry.state === 'not-applicable') };
  });
  const covered = reports.filter((report) => report.covered).length;
  return { rows: reports, covered, total: rows.length, line: `conformance (${format}): ${covered} of ${rows.length} spec rows covered` };
}

/** The text of test-results/conformance-<format>.txt: the line, the not-applicable cases, then what is missing. */
export function formatCoverageReport(report: CoverageReport): string {
  const out: string[] = [report.line, ''];
  const notApplicable = report.rows.flatMap((entry) => entry.cases.filter((item) => item.state === 'not-applicable').map((item) => ({ entry, item })));
  const rowsWithNotApplicable = new Set(notApplicable.map(({ entry }) => entry.row.id)).size;
  out.push(`Not applicable in this scope: ${notApplicable.length} error cases in ${rowsWithNotApplicable} rows (counted as covered, listed here with the reason)`);
  for (const { entry, item } of notApplicable) out.push(`  ${entry.row.id}  [${item.key}]  ${item.detail}`);
  out.push('');

  const missing = report.rows.filter((entry) => !entry.covered);
  out.push(`Not covered: ${missing.length} rows`);
  let lastSection = '';
  for (const entry of missing) {
    const section = `Part ${entry.row.part}, ${entry.row.section}`;
    if (section !== lastSection) out.push(`  ${section}`);
    lastSection = section;
    const open = entry.cases.filter((item) => item.state === 'fail' || item.state === 'missing');
    const described = open.map((item) => (item.state === 'fail' ? `${item.key} (failing: ${item.detail})` : `${item.key} (no test)`));
    out.push(`    ${entry.row.id}: ${described.join(', ')}`);
  }
  out.push('');

  out.push(`Covered: ${report.covered} rows`);
  for (const entry of report.rows.filter((item) => item.covered)) out.push(`  ${entry.row.id}`);
  return `${out.join('\n')}\n`;
}
