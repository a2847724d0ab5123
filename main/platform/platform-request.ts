// The one shape every platform call takes, between the typed endpoint functions (endpoints/) and the
// transport that signs, sends, retries and validates (platform-caller.ts).
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type FormValue = string | number | boolean | readonly (string | number)[] | undefined;

export interface PlatformRequest {
  readonly method: HttpMethod;
  /** The path under the API address, parameters filled in: `/channels/123.json`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, FormValue>>;
  /** POST/PUT parameters, sent form-encoded in the body (arrays as `name[]` entries). */
  readonly form?: Readonly<Record<string, FormValue>>;
  /** A raw body instead of a form: an image, a WebVTT file. */
  readonly body?: { readonly data: Uint8Array; readonly contentType: string };
  /** The spec row this call is, as the spec writes it (`GET /channels/<channel_id>.<format>`): named in errors. */
  readonly endpoint: string;
  /** Whose token signs it: the signed-in user's (default), the application's (client credentials), or none. */
  readonly auth?: 'user' | 'client' | 'none';
  /** Safe to retry after a 503 or a network error. Defaults to true for GET, PUT and DELETE, false for POST. */
  readonly idempotent?: boolean;
}

export interface PlatformResponse<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export interface PlatformCaller {
  /** A JSON call; the body is validated with `schema` (an empty body reaches the schema as `undefined`). */
  call<S extends z.ZodType>(request: PlatformRequest, schema: S): Promise<PlatformResponse<z.output<S>>>;
  /** A call whose answer is not JSON (a WebVTT download). */
  callText(request: PlatformRequest): Promise<PlatformResponse<string>>;
}
