// The catalogue of endpoint rows of the platform spec (docs/platform-api/part-a.md and part-b.md), read
// from the spec text at test time: every row of every table with Method and Path columns, plus the
// authorization endpoint and the token endpoint, which the spec describes in sections rather than rows.
// The conformance suite counts its coverage against this catalogue, so it must follow the spec, not a list
// kept by hand.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A and B: the spec the app was built on; C: the platform as it runs today (docs/platform-api/current.md). */
export type SpecPart = 'A' | 'B' | 'C';

/** One error case of a row: a status, an `error` value, or both (the spec gives some statuses bare). */
export interface SpecError {
  readonly status: number | null;
  readonly error: string | null;
  /** How `covers()` names it: `404 not_found`, `409`, or `access_denied` (a redirect has no status). */
  readonly key: string;
}

export interface SpecRow {
  readonly part: SpecPart;
  /** The `###` heading the row sits under. */
  readonly section: string;
  /** `GET`, `POST`, ...; the authorization endpoint (`GET` or `POST`) is the one `GET|POST` row. */
  readonly method: string;
  /** As written in the spec, `same` resolved: `/channels/<channel_id>.<format>`, `{auth_url}/oauth2/token`. */
  readonly path: string;
  /** `METHOD path`: the name a test uses in `covers()`. */
  readonly id: string;
  readonly errors: readonly SpecError[];
  /** The Success cell as written (empty for the two prose endpoints). */
  readonly success: string;
}

const SPEC_DIR = fileURLToPath(new URL('../../docs/platform-api/', import.meta.url));

export const SPEC_FILES: Readonly<Record<SpecPart, string>> = {
  A: `${SPEC_DIR}part-a.md`,
  B: `${SPEC_DIR}part-b.md`,
  C: `${SPEC_DIR}current.md`,
};

/** Every endpoint row of parts A and B, part A first, in the order of the text (part C: current-spec-rows.ts). */
export function loadSpecRows(): SpecRow[] {
  return [...parseSpecPart('A', readFileSync(SPEC_FILES.A, 'utf8')), ...parseSpecPart('B', readFileSync(SPEC_FILES.B, 'utf8'))];
}

/** The key `covers()` uses for an error case. */
export function errorKey(status: number | null, error: string | null): string {
  if (status !== null && error !== null) return `${status} ${error}`;
  if (status !== null) return String(status);
  if (error !== null) return error;
  throw new Error('An error case needs a status or an error value.');
}

interface Table {
  readonly section: string;
  readonly header: string[];
  readonly rows: string[][];
}

export function parseSpecPart(part: SpecPart, text: string): SpecRow[] {
  const lines = text.split(/\r?\n/);
  const rows: SpecRow[] = [];
  for (const table of tables(lines)) {
    const method = table.header.findIndex((cell) => cell.toLowerCase() === 'method');
    const path = table.header.findIndex((cell) => cell.toLowerCase() === 'path');
    if (method < 0 || path < 0) continue;
    const errors = table.header.findIndex((cell) => cell.toLowerCase() === 'errors');
    const success = table.header.findIndex((cell) => cell.toLowerCase() === 'success');
    let previousPath: string | null = null;
    let previousErrors: SpecError[] = [];
    for (const cells of table.rows) {
      const methodCell = unquote(cells[method] ?? '');
      let pathCell = unquote(cells[path] ?? '');
      if (/^same( path)?$/i.test(pathCell)) {
        if (previousPath === null) throw new Error(`Part ${part}, ${table.section}: "same" path on the first row of a table.`);
        pathCell = previousPath;
      }
      if (!/^(GET|POST|PUT|DELETE|PATCH)$/.test(methodCell)) throw new Error(`Part ${part}, ${table.section}: unexpected method "${methodCell}".`);
      if (!pathCell.startsWith('/')) throw new Error(`Part ${part}, ${table.section}: unexpected path "${pathCell}".`);
      previousPath = pathCell;
      // An Errors cell of `same` repeats the previous row's cases (the user video list does so).
      const errorsCell = errors < 0 ? '' : (cells[errors] ?? '');
      const rowErrors = /^same$/i.test(errorsCell.trim()) ? previousErrors : parseErrorsCell(errorsCell);
      previousErrors = rowErrors;
      rows.push(row(part, table.section, methodCell, pathCell, rowErrors, success < 0 ? '' : (cells[success] ?? '')));
    }
  }
  if (part === 'A') rows.unshift(...proseEndpoints(lines));
  const seen = new Set<string>();
  for (const entry of rows) {
    if (seen.has(entry.id)) throw new Error(`Part ${part}: the row ${entry.id} appears twice.`);
    seen.add(entry.id);
  }
  return rows;
}

export function row(part: SpecPart, section: string, method: string, path: string, errors: SpecError[], success: string): SpecRow {
  return { part, section, method, path, id: `${method} ${path}`, errors, success };
}

/**
 * The Errors cell: `;`-separated cases (a `;` inside parentheses is prose), each a status followed by
 * zero or more backquoted error values and an optional explanation: `404 \`not_found\` (no such
 * channel)`, `400 \`invalid_file\`, \`invalid_image\``, `403`, `401 token missing, revoked, ...`.
 */
export function parseErrorsCell(cell: string): SpecError[] {
  const text = cell.trim();
  if (text === '' || /^none listed$/i.test(text)) return [];
  const errors: SpecError[] = [];
  for (const segment of splitOutsideParentheses(text, ';')) {
    const match = /^(\d{3})\b(.*)$/s.exec(segment.trim());
    if (!match) throw new Error(`Cannot read the error case "${segment.trim()}" in "${cell}".`);
    const status = Number(match[1]);
    const values = [...withoutParentheses(match[2] ?? '').matchAll(/`([a-z_]+)`/g)].map((value) => value[1]!);
    for (const error of values.length > 0 ? values : [null]) {
      const key = errorKey(status, error);
      if (!errors.some((known) => known.key === key)) errors.push({ status, error, key });
    }
  }
  return errors;
}

/** The authorization endpoint and the token endpoint, which Part A describes in sections. */
function proseEndpoints(lines: string[]): SpecRow[] {
  const authorize = section(lines, 'Authorization endpoint');
  const token = section(lines, 'Token endpoint');
  const authorizeLine = /`GET`\s+or\s+`POST`\s+`([^`]+)`/.exec(authorize.join('\n'));
  const tokenLine = /^`POST`\s+`([^`]+)`/m.exec(token.join('\n'));
  if (!authorizeLine || !tokenLine) throw new Error('Part A: the authorization or token endpoint line has changed.');

  // Authorization endpoint: the result table's error redirects (`error`=`access_denied`).
  const authorizeErrors: SpecError[] = [];
  for (const table of tables(authorize)) {
    if (table.header[0]?.toLowerCase() !== 'case') continue;
    for (const cells of table.rows) {
      for (const value of (cells[1] ?? '').matchAll(/`error`=`([a-z_]+)`/g)) {
        const key = errorKey(null, value[1]!);
        if (!authorizeErrors.some((known) => known.key === key)) authorizeErrors.push({ status: null, error: value[1]!, key });
      }
    }
  }

  // Token endpoint: the error table (error | HTTP | Condition).
  const tokenErrors: SpecError[] = [];
  for (const table of tables(token)) {
    const error = table.header.findIndex((cell) => cell.toLowerCase() === 'error');
    const http = table.header.findIndex((cell) => cell.toLowerCase() === 'http');
    if (error < 0 || http < 0) continue;
    for (const cells of table.rows) {
      const value = unquote(cells[error] ?? '');
      const status = Number(unquote(cells[http] ?? ''));
      if (!/^[a-z_]+$/.test(value) || !Number.isInteger(status)) throw new Error(`Part A: cannot read the token error row "${cells.join(' | ')}".`);
      tokenErrors.push({ status, error: value, key: errorKey(status, value) });
    }
  }
  if (authorizeErrors.length === 0 || tokenErrors.length === 0) throw new Error('Part A: the authorization or token error list has changed.');

  return [
    row('A', 'Authorization endpoint', 'GET|POST', authorizeLine[1]!, authorizeErrors, ''),
    row('A', 'Token endpoint', 'POST', tokenLine[1]!, tokenErrors, ''),
  ];
}

/** The lines under a `###` heading, up to the next heading of level 1 to 3. */
function section(lines: string[], title: string): string[] {
  const start = lines.findIndex((line) => line.trim() === `### ${title}`);
  if (start < 0) throw new Error(`The spec has no section "${title}".`);
  const end = lines.findIndex((line, index) => index > start && /^#{1,3}\s/.test(line));
  return lines.slice(start + 1, end < 0 ? lines.length : end);
}

function tables(lines: string[]): Table[] {
  const found: Table[] = [];
  let heading = '';
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const title = /^#{2,4}\s+(.*)$/.exec(line);
    if (title) heading = title[1]!.trim();
    const next = lines[index + 1] ?? '';
    if (!isTableLine(line) || !/^\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(next.trim())) continue;
    const header = cellsOf(line);
    const rows: string[][] = [];
    index += 2;
    while (index < lines.length && isTableLine(lines[index]!)) rows.push(cellsOf(lines[index++]!));
    index -= 1;
    found.push({ section: heading, header, rows });
  }
  return found;
}

function isTableLine(line: string): boolean {
  return line.trim().startsWith('|');
}

/** Cells of a table line; a `|` inside backquotes (none today) would need escaping in Markdown anyway. */
function cellsOf(line: string): string[] {
  const trimmed = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return trimmed.split('|').map((cell) => cell.trim());
}

function unquote(cell: string): string {
  return cell.trim().replace(/^`(.*)`$/, '$1').trim();
}

export function splitOutsideParentheses(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '(') depth++;
    if (character === ')') depth = Math.max(0, depth - 1);
    if (character === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts.filter((part) => part.trim() !== '');
}

export function withoutParentheses(text: string): string {
  let depth = 0;
  let kept = '';
  for (const character of text) {
    if (character === '(') depth++;
    else if (character === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) kept += character;
  }
  return kept;
}
