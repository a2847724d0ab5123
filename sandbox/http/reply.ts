// What a route returns; the server turns it into an HTTP response.
export interface Reply {
  readonly status: number;
  /** An object is sent as JSON (or XML for a `.xml` path); a string, Buffer or Readable as is (with its content type, and a stream's length, in headers). */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export const ok = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({ status, body, headers });
export const empty = (status: number, headers?: Record<string, string>): Reply => ({ status, headers });
