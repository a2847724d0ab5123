// The endpoint rows of docs/platform-api/part-a.md and part-b.md, read from the spec text by the
// conformance suite's table parser, so that the client's endpoint strings are checked against the spec
// itself rather than a copy of it.
import { loadSpecRows, type SpecRow } from '../../../conformance/spec-rows.js';

/**
 * The REST API rows. The authorization and token endpoints (`{auth_url}/oauth2/...`) are the OAuth
 * flows of main/platform/oauth/, not calls of the API client.
 */
export function apiRows(): SpecRow[] {
  return loadSpecRows().filter((row) => row.path.startsWith('/'));
}

/**
 * What a row's path template admits: `<format>` is `json` (the client asks for JSON), any other
 * `<parameter>` one encoded path segment. A query written into the template (`?type=videoupload-ftp`)
 * comes back separately, as the parameters the request must carry.
 */
export function templateOf(path: string): { readonly pattern: RegExp; readonly query: Record<string, string> } {
  const [template = '', query = ''] = path.split('?');
  const source = template
    .split(/(<[a-z_]+>)/)
    .map((part) => (part === '<format>' ? 'json' : /^<[a-z_]+>$/.test(part) ? '[^/?#]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { pattern: new RegExp(`^${source}$`), query: Object.fromEntries(new URLSearchParams(query)) };
}
