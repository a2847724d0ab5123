// The `<format>` the conformance suite asks for, and which requests it applies to. Each Vitest project sets
// CONFORMANCE_FORMAT (`json` or `xml`; json when unset), so every row runs in both encodings. A request is a
// `<format>` request when its path fits a spec row written with `.<format>` (the row of the same method if the
// spec has one: `POST /users/self/channels.json` stays JSON while `GET /users/self/channels.<format>` does not);
// the token endpoint, the login page, downloads, caption files and hooks' callbacks are not.
import { loadSpecRows } from './spec-rows.js';

export type SuiteFormat = 'json' | 'xml';

export const CONFORMANCE_FORMAT_ENV = 'CONFORMANCE_FORMAT';

/** The format of the running tests. */
export function suiteFormat(): SuiteFormat {
  return parseSuiteFormat(process.env[CONFORMANCE_FORMAT_ENV]);
}

export function parseSuiteFormat(value: string | undefined): SuiteFormat {
  const format = value ?? 'json';
  if (format !== 'json' && format !== 'xml') throw new Error(`${CONFORMANCE_FORMAT_ENV} must be json or xml, not "${format}".`);
  return format;
}

interface RowPath {
  readonly method: string;
  readonly path: RegExp;
  readonly hasFormat: boolean;
}

let rowPaths: readonly RowPath[] | null = null;

function specRowPaths(): readonly RowPath[] {
  rowPaths ??= loadSpecRows()
    .map((row) => ({ method: row.method, path: row.path.replace(/\?.*$/, '') })) // `uploads.<format>?type=videoupload-ftp`
    .filter((row) => /\.(<format>|json)$/.test(row.path))
    .map((row) => ({ method: row.method, path: pathPattern(row.path), hasFormat: row.path.endsWith('.<format>') }));
  return rowPaths;
}

/** `/channels/<channel_id>.<format>` fits `/channels/5001.json` and `/channels/5001.xml`. */
function pathPattern(specPath: string): RegExp {
  const source = specPath
    .split(/(<[a-z_]+>)/)
    .map((part) => {
      if (part === '<format>') return '(json|xml)';
      if (/^<[a-z_]+>$/.test(part)) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether `url` names a `<format>` row: its answer is encoded in the format of its path. */
export function isFormatRequest(method: string, url: string): boolean {
  const path = new URL(url).pathname;
  const fitting = specRowPaths().filter((row) => row.path.test(path));
  const sameMethod = fitting.filter((row) => row.method === method);
  return (sameMethod.length > 0 ? sameMethod : fitting).some((row) => row.hasFormat);
}

/** `url` in the suite's format: a `<format>` request's `.json` becomes `.xml` when the suite runs in XML. */
export function inSuiteFormat(method: string, url: string): string {
  if (suiteFormat() === 'json' || !isFormatRequest(method, url)) return url;
  // The string itself, not a re-serialized URL: the rest of the request stays byte for byte as written.
  return url.replace(/^([^?#]*)\.json(?=[?#]|$)/, '$1.xml');
}
