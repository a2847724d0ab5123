// Pins the spec catalogue, so a parser regression (or a changed spec) shows up here rather than as a
// silently different coverage count; and checks the coverage bookkeeping itself.
import { describe, expect, it } from 'vitest';
import { covers, notApplicable, specRow } from './coverage.js';
import { coverageReport, formatCoverageReport } from './coverage-report.js';
import { loadSpecRows, parseErrorsCell } from './spec-rows.js';

describe('spec rows', () => {
  const rows = loadSpecRows();

  it('counts 52 endpoint rows in part A and 66 in part B (M = 118)', () => {
    expect(rows.filter((row) => row.part === 'A')).toHaveLength(52);
    expect(rows.filter((row) => row.part === 'B')).toHaveLength(66);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it('counts rows per section as the tables have them', () => {
    const perSection = (part: 'A' | 'B', section: string) => rows.filter((row) => row.part === part && row.section === section).length;
    expect(perSection('A', 'Channel operations')).toBe(5);
    expect(perSection('A', 'Security and viewer settings')).toBe(13);
    expect(perSection('A', 'Ingest keys for external encoders')).toBe(3);
    expect(perSection('B', 'Labels')).toBe(7);
    expect(perSection('B', 'Playlists')).toBe(12);
    expect(perSection('B', 'Channel hooks')).toBe(3);
  });

  it('reads the authorization and token endpoints from their sections, as one row each', () => {
    expect(specRow('GET|POST {auth_url}/oauth2/authorize')).toMatchObject({
      part: 'A',
      section: 'Authorization endpoint',
      errors: [{ status: null, error: 'access_denied', key: 'access_denied' }],
    });
    expect(specRow('POST {auth_url}/oauth2/token').errors.map((error) => error.key)).toEqual([
      '400 invalid_request',
      '501 unsupported_grant_type',
      '400 invalid_grant',
      '400 invalid_client',
      '503 server_error',
    ]);
  });

  it('reads paths as written, with "same" resolved to the previous row of the table', () => {
    expect(specRow('GET /channels/<channel_id>.<format>')).toMatchObject({
      section: 'Channel operations',
      errors: [
        { status: 404, error: 'not_found', key: '404 not_found' },
        { status: 401, error: 'unauthorized', key: '401 unauthorized' },
      ],
    });
    expect(specRow('GET /channels/<channel_id>/recorder.<format>').section).toBe('Recording');
    expect(specRow('DELETE /channels/<channel_id>/hooks/<event>.<format>').errors.map((error) => error.key)).toEqual(['404 not_found', '400 bad_request']);
    expect(specRow('POST /channels/<channel_id>/uploads.<format>?type=videoupload-ftp').errors.map((error) => error.key)).toEqual([
      '404 not_found',
      '400 protect_level_invalid',
    ]);
  });

  it('reads bare statuses, several values per status, "same" errors and "none listed"', () => {
    expect(specRow('POST /users/self/channels.json').errors.map((error) => error.key)).toEqual(['401', '409', '400', '503']);
    expect(specRow('PUT /channels/<channel_id>/branding/logo/<logo_id>/settings.<format>').errors.map((error) => error.key)).toEqual([
      '400 invalid_position',
      '400 invalid_margin',
      '400 invalid_link',
      '402 payment_required',
    ]);
    expect(specRow('GET /users/self/videos.<format>').errors).toEqual(specRow('GET /channels/<channel_id>/videos.<format>').errors);
    expect(specRow('GET /users/self/channels.<format>').errors).toEqual([]);
    expect(specRow('GET /users/self/labels.<format>').errors).toEqual([]);
    expect(specRow('GET /videos/<video_id>/expiration.<format>').errors.map((error) => error.key)).toEqual(['403 lack_of_ownership', '403 forbidden', '404 not_found']);
  });

  it('keeps a semicolon inside parentheses as prose', () => {
    expect(parseErrorsCell('401 `invalid_token` (a; b); 404 `not_found` (playlist missing; or channel missing)').map((error) => error.key)).toEqual([
      '401 invalid_token',
      '404 not_found',
    ]);
    expect(() => parseErrorsCell('sometimes')).toThrow(/Cannot read/);
  });
});

describe('coverage bookkeeping', () => {
  it('refuses unknown rows and cases', () => {
    expect(() => covers('GET /channel/<channel_id>.<format>', 'success')).toThrow(/no endpoint row/);
    expect(() => covers('GET /channels/<channel_id>.<format>', '418 teapot')).toThrow(/lists no case/);
    expect(() => notApplicable('POST /users/self/channels.json', '503', '')).toThrow(/Say why/);
    expect(() => notApplicable('POST /users/self/channels.json', 'success', 'never allowed')).toThrow(/cannot be marked/);
  });

  it('counts a row when success and every listed error passed or is not applicable', () => {
    const rows = loadSpecRows();
    const create = 'POST /users/self/channels.json';
    const report = coverageReport(rows, [
      ...['success', '401', '409', '400'].map((key) => ({ row: create, case: key, outcome: 'pass' as const, detail: 't' })),
      { row: create, case: '503', outcome: 'not-applicable', detail: 'no temporary errors on demand' },
      { row: 'GET /channels/<channel_id>.<format>', case: 'success', outcome: 'pass', detail: 't' },
      { row: 'GET /channels/<channel_id>.<format>', case: '404 not_found', outcome: 'fail', detail: 'broken test' },
      { row: 'GET /users/self/channels.<format>', case: 'success', outcome: 'fail', detail: 'a' },
      { row: 'GET /users/self/channels.<format>', case: 'success', outcome: 'pass', detail: 'b' },
    ], 'xml');
    expect(report.line).toBe(`conformance (xml): 2 of ${rows.length} spec rows covered`);
    const text = formatCoverageReport(report);
    expect(text.split('\n')[0]).toBe(report.line);
    expect(text).toContain('POST /users/self/channels.json  [503]  no temporary errors on demand');
    expect(text).toContain('GET /channels/<channel_id>.<format>: 404 not_found (failing: broken test), 401 unauthorized (no test)');
  });
});
