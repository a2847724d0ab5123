// The catalogue of part C: the platform as it runs today (docs/platform-api/current.md), read from its text
// at test time like parts A and B. That file is written as a summary, not as endpoint tables, so its rows are
// found where it names them:
// - the sign-in table: the authorize page (a case per `code_challenge_method`), the token endpoint (a case per
//   grant, plus its errors) and the revocation endpoint;
// - every backquoted `METHOD /path` in a paragraph or list item, with the cases of its "Errors:" list;
// - the rate limits: one row for every limited endpoint, its headers (success) and its 429.
// A row's cases that are not errors (a grant, a challenge method) are listed with its errors, status-less,
// so the coverage report asks a passing test for each.
import { readFileSync } from 'node:fs';
import { errorKey, row, SPEC_FILES, splitOutsideParentheses, withoutParentheses, type SpecError, type SpecRow } from './spec-rows.js';

export const RATE_LIMIT_ROW = 'ANY (rate-limited endpoints)';

export function loadCurrentSpecRows(): SpecRow[] {
  return parseCurrentSpec(readFileSync(SPEC_FILES.C, 'utf8'));
}

export function parseCurrentSpec(text: string): SpecRow[] {
  const sections = sectionsOf(text);
  const signIn = sectionStarting(sections, 'Sign-in');
  const rows: SpecRow[] = [...signInRows(signIn), ...sections.filter((entry) => entry !== signIn).flatMap(paragraphRows)];
  const rateLimits = sectionStarting(sections, 'Rate limits');
  const tooMany = /429 `too_many_requests`/.test(rateLimits.body);
  if (!/`X-RateLimit-Limit`/.test(rateLimits.body) || !tooMany) throw new Error('Part C: the rate limit section has changed.');
  rows.push(row('C', rateLimits.title, 'ANY', '(rate-limited endpoints)', [status(429, 'too_many_requests')], 'X-RateLimit-Limit, -Remaining, -Reset headers'));
  const seen = new Set<string>();
  for (const entry of rows) {
    if (seen.has(entry.id)) throw new Error(`Part C: the row ${entry.id} appears twice.`);
    seen.add(entry.id);
  }
  return rows;
}

interface Section {
  readonly title: string;
  readonly body: string;
}

function sectionsOf(text: string): Section[] {
  const parts = text.split(/^## /m).slice(1);
  return parts.map((part) => {
    const newline = part.indexOf('\n');
    return { title: part.slice(0, newline).trim(), body: part.slice(newline + 1) };
  });
}

function sectionStarting(sections: readonly Section[], prefix: string): Section {
  const found = sections.find((entry) => entry.title.startsWith(prefix));
  if (!found) throw new Error(`Part C: no section starting "${prefix}".`);
  return found;
}

/** The sign-in table's rows by their first cell ("native apps", "token endpoint grants", …). */
function signInRows(section: Section): SpecRow[] {
  const cells = new Map<string, string>();
  for (const line of section.body.split('\n')) {
    const match = /^\|\s*([^|]+?)\s*\|\s*(.+?)\s*\|\s*$/.exec(line);
    if (match) cells.set(match[1]!.toLowerCase(), match[2]!);
  }
  const cell = (name: string): string => {
    const value = cells.get(name);
    if (value === undefined) throw new Error(`Part C: the sign-in table has no row "${name}".`);
    return value;
  };
  const methods = backquoted(cell('native apps')).filter((value) => value === 'plain' || value === 'S256');
  const grants = backquoted(withoutParentheses(cell('token endpoint grants')).split('→')[0]!);
  const unsupported = /(\d{3}) `(unsupported_grant_type)`/.exec(cell('token endpoint grants'));
  const revocation = /`POST (\/[^`\s]+)`/.exec(cell('revocation'));
  if (methods.length !== 2 || grants.length < 3 || !unsupported || !revocation) throw new Error('Part C: the sign-in table has changed.');
  const listed = errorList(cell('token errors').replace(/^as part A:\s*/, ''));
  const tokenErrors = [status(Number(unsupported[1]), unsupported[2]!), ...listed.filter((entry) => entry.error !== unsupported[2])];
  return [
    row('C', section.title, 'GET', '/authorize', methods.map(named), cell('flows at the authorize page')),
    row('C', section.title, 'POST', '/oauth2/token', [...grants.map(named), ...tokenErrors], cell('token response')),
    row('C', section.title, 'POST', revocation[1]!, [], cell('revocation')),
  ];
}

/** A backquoted `METHOD /path` opening a paragraph or a list item, with the cases of its "Errors:" list. */
function paragraphRows(section: Section): SpecRow[] {
  const rows: SpecRow[] = [];
  for (const block of section.body.split(/\n(?=\s*\d+\.\s)|\n\s*\n/)) {
    const named = /`(GET|POST|PUT|DELETE) (\/[^`\s]+)`/.exec(block);
    if (!named) continue;
    const errors = /Errors:\s*([^\n]*(?:\n(?!\s*\d+\.\s)[^\n]*)*)/.exec(block);
    const success = /→\s*([^.]*)/.exec(block);
    // The list ends with its sentence: "… 403 `lack_of_ownership`, 503. The channel list's …".
    const list = errors ? errors[1]!.replace(/\s+/g, ' ').split(/\.(?:\s|$)/)[0]! : '';
    rows.push(row('C', section.title, named[1]!, named[2]!, errorList(list), (success?.[1] ?? '').replace(/\s+/g, ' ').trim()));
  }
  return rows;
}

/** `400 \`protect_level_invalid\`, 401 \`invalid_token\`, 429, 503.`: a case per status and value. */
function errorList(text: string): SpecError[] {
  const errors: SpecError[] = [];
  for (const segment of splitOutsideParentheses(text.replace(/\s+/g, ' '), ',')) {
    const match = /^\s*(\d{3})\b(.*)$/.exec(segment);
    if (!match) continue;
    const values = [...withoutParentheses(match[2]!).matchAll(/`([a-z_]+)`/g)].map((value) => value[1]!);
    for (const value of values.length > 0 ? values : [null]) {
      const entry = status(Number(match[1]), value);
      if (!errors.some((known) => known.key === entry.key)) errors.push(entry);
    }
  }
  return errors;
}

function backquoted(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}

function status(code: number, error: string | null): SpecError {
  return { status: code, error, key: errorKey(code, error) };
}

/** A case that is not an error: a grant type or a challenge method the row must show working. */
function named(value: string): SpecError {
  return { status: null, error: value, key: value };
}
