// The client against the spec text: every endpoint string a function sends is a row of the spec, with a
// path that fits the row's template; every row of the spec has a function; and every function of the
// client has a case in part-a-cases.ts or part-b-cases.ts.
import { describe, expect, it } from 'vitest';
import { createPlatformApi } from '../../../../main/platform/endpoints/index.js';
import { caseName, type EndpointCase } from './endpoint-cases.js';
import { PART_A_CASES } from './part-a-cases.js';
import { PART_B_CASES } from './part-b-cases.js';
import { RecordingCaller } from './recording-caller.js';
import { apiRows, templateOf } from './spec-endpoints.js';

const CASES: readonly EndpointCase[] = [...PART_A_CASES, ...PART_B_CASES];
const ROWS = apiRows();

describe('the client covers the spec', () => {
  it('reads the endpoint rows of both parts', () => {
    // A sanity floor, so a parser that silently finds nothing cannot make the checks below vacuous.
    expect(ROWS.filter((row) => row.part === 'A').length).toBeGreaterThan(40);
    expect(ROWS.filter((row) => row.part === 'B').length).toBeGreaterThan(60);
  });

  it('sends only endpoint strings that are rows of the spec', () => {
    const known = new Set(ROWS.map((row) => row.id));
    const unknown = CASES.filter((entry) => !known.has(entry.request.endpoint)).map((entry) => `${caseName(entry)}: ${entry.request.endpoint}`);
    expect(unknown).toEqual([]);
  });

  it("sends each request to a path that fits its row's template", () => {
    const misfits: string[] = [];
    for (const entry of CASES) {
      const [method, path = ''] = entry.request.endpoint.split(' ');
      const template = templateOf(path);
      if (entry.request.method !== method || !template.pattern.test(entry.request.path)) misfits.push(`${caseName(entry)}: ${entry.request.method} ${entry.request.path}`);
      for (const [name, value] of Object.entries(template.query)) {
        if (entry.request.query?.[name] !== value) misfits.push(`${caseName(entry)}: query ${name} should be ${value}`);
      }
    }
    expect(misfits).toEqual([]);
  });

  it('has a function for every row of the spec', () => {
    const covered = new Set(CASES.map((entry) => entry.request.endpoint));
    const missing = ROWS.filter((row) => !covered.has(row.id)).map((row) => `part ${row.part}, ${row.section}: ${row.id}`);
    if (missing.length > 0) console.error(`Spec rows without a function:\n${missing.join('\n')}`);
    expect(missing).toEqual([]);
  });

  it('has a case for every function of the client', () => {
    const api = createPlatformApi(new RecordingCaller());
    const functions = Object.entries(api).flatMap(([area, methods]) => Object.keys(methods).map((name) => `${area}.${name}`));
    const tested = new Set(CASES.map((entry) => entry.fn));
    expect(functions.filter((name) => !tested.has(name))).toEqual([]);
    expect([...tested].filter((name) => !functions.includes(name))).toEqual([]);
  });

  it('checks a malformed answer wherever a case reads a JSON body', () => {
    const unchecked = CASES.filter((entry) => entry.reply?.body !== undefined && entry.malformed === undefined).map(caseName);
    expect(unchecked).toEqual([]);
  });
});
