// One signed raw call as `companion api` makes it (like `gh api`): PATH may carry a query; fields go in the
// query for GET and DELETE and in the form body for POST and PUT; `client` signs with the app's
// client-credentials token. The end-to-end tests' API checks call this too, in their own process.
import { z } from 'zod';
import type { FormValue, HttpMethod, PlatformCaller } from '../platform/platform-request.js';

export const RAW_CALL_METHODS: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'DELETE']);

export interface RawCall {
  readonly method: HttpMethod;
  /** Relative to the API address, e.g. /users/self/channels.json?page=2. */
  readonly path: string;
  readonly fields?: Readonly<Record<string, FormValue>>;
  readonly client?: boolean;
}

/** The answer's JSON body (null when empty); a refusal throws the caller's PlatformError. */
export async function rawCall(caller: PlatformCaller, { method, path, fields = {}, client = false }: RawCall): Promise<unknown> {
  const [pathOnly, query] = path.split('?', 2) as [string, string | undefined];
  const queryFields = Object.fromEntries(new URLSearchParams(query ?? ''));
  const inQuery = method === 'GET' || method === 'DELETE';
  const answer = await caller.call(
    {
      method,
      path: pathOnly,
      query: inQuery ? { ...queryFields, ...fields } : queryFields,
      ...(inQuery ? {} : { form: fields }),
      endpoint: `${method} ${pathOnly}`,
      ...(client ? { auth: 'client' as const } : {}),
    },
    z.unknown(),
  );
  return answer.body ?? null;
}
