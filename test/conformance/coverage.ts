// Which spec rows the conformance suite covers. A test names the row and case it checks:
//   covers('GET /channels/<channel_id>.<format>', 'success');
//   covers('GET /channels/<channel_id>.<format>', '404 not_found');
// and the mark counts only when that test passes. A case the sandbox cannot produce in this scope is
// declared with a reason: notApplicable(row, case, reason). Unknown rows and cases throw, so a typo fails
// the run instead of silently covering nothing.
//
// Vitest runs test files in separate workers, so marks go to files in the directory the project's global
// setup provides (CONFORMANCE_MARKS_KEY); its teardown adds them up (see coverage-report.ts).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject, onTestFinished } from 'vitest';
import { loadCurrentSpecRows } from './current-spec-rows.js';
import { loadSpecRows, type SpecRow } from './spec-rows.js';

export const CONFORMANCE_MARKS_KEY = 'conformanceMarksDir';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory of the coverage marks of the running conformance project. */
    [CONFORMANCE_MARKS_KEY]?: string;
  }
}

export type CaseOutcome = 'pass' | 'fail' | 'not-applicable';

export interface CoverageMark {
  readonly row: string;
  readonly case: string;
  readonly outcome: CaseOutcome;
  /** The test's name (pass/fail) or the written reason (not-applicable). */
  readonly detail: string;
}

let catalogue: ReadonlyMap<string, SpecRow> | null = null;

function rows(): ReadonlyMap<string, SpecRow> {
  catalogue ??= new Map([...loadSpecRows(), ...loadCurrentSpecRows()].map((row) => [row.id, row]));
  return catalogue;
}

/** The spec row called `id` (`METHOD path` as the spec writes it); throws when the spec has no such row. */
export function specRow(id: string): SpecRow {
  const row = rows().get(id);
  if (!row) throw new Error(`The spec has no endpoint row "${id}". Rows look like "GET /channels/<channel_id>.<format>".`);
  return row;
}

function checkCase(id: string, caseKey: string): SpecRow {
  const row = specRow(id);
  if (caseKey !== 'success' && !row.errors.some((error) => error.key === caseKey)) {
    const known = ['success', ...row.errors.map((error) => error.key)].join(', ');
    throw new Error(`The spec row "${id}" lists no case "${caseKey}" (its cases: ${known}).`);
  }
  return row;
}

/** Declares, inside a test, that the test checks this case of this row; it counts if the test passes. */
export function covers(id: string, caseKey: string): void {
  checkCase(id, caseKey);
  onTestFinished(({ task }) => {
    const outcome: CaseOutcome = task.result?.state === 'pass' ? 'pass' : 'fail';
    record({ row: id, case: caseKey, outcome, detail: testName(task) });
  });
}

/** Declares a listed error case the sandbox cannot produce in this scope, with the reason. */
export function notApplicable(id: string, caseKey: string, reason: string): void {
  if (caseKey === 'success') throw new Error(`The success case of "${id}" cannot be marked not applicable.`);
  checkCase(id, caseKey);
  if (reason.trim().length < 10) throw new Error(`Say why "${id}" ${caseKey} is not applicable.`);
  record({ row: id, case: caseKey, outcome: 'not-applicable', detail: reason.trim() });
}

function record(mark: CoverageMark): void {
  const directory = inject(CONFORMANCE_MARKS_KEY);
  if (!directory) return; // outside a conformance project (a helper used elsewhere): nothing adds the marks up
  appendFileSync(join(directory, `marks-${process.pid}.jsonl`), `${JSON.stringify(mark)}\n`);
}

interface NamedTask {
  readonly name: string;
  readonly suite?: NamedTask | undefined;
  readonly file?: { readonly name: string } | undefined;
}

function testName(task: NamedTask): string {
  const names: string[] = [];
  for (let current: NamedTask | undefined = task; current; current = current.suite) if (current.name) names.unshift(current.name);
  return names.join(' > ');
}
