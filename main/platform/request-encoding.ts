// How parameters travel: form-encoded, in the query or in a POST/PUT body, the way the spec's tables name
// them (list parameters as `name[]` entries, booleans as `true`/`false`).
import type { FormValue } from './platform-request.js';

export function encodeParameters(parameters: Readonly<Record<string, FormValue>>): string {
  const encoded = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value === undefined) continue;
    if (typeof value === 'object') for (const item of value) encoded.append(`${name}[]`, String(item));
    else encoded.append(name, String(value));
  }
  return encoded.toString();
}

/**
 * The absolute URL of a call, serialized as fetch will send it, so that a MAC signature over its path and
 * query covers exactly the bytes on the request line.
 */
export function requestUrl(apiUrl: string, path: string, query: Readonly<Record<string, FormValue>> = {}): string {
  if (!path.startsWith('/') || /[?#]/.test(path)) throw new Error(`A request path starts with / and carries no query or fragment (those go in query): ${path}`);
  const search = encodeParameters(query);
  return new URL(`${apiUrl.replace(/\/+$/, '')}${path}${search === '' ? '' : `?${search}`}`).href;
}
