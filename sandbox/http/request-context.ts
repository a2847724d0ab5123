// One API request as routes see it: path parameters, query, the raw body and its form fields, and
// the caller's identity (resolved from the Authorization header on first use).
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxStore } from '../state/sandbox-store.js';
import type { Principal } from '../auth/principal.js';
import { ApiError } from './api-error.js';

export interface SandboxUrls {
  readonly apiUrl: string;
  readonly authUrl: string;
  readonly ftpUrl: string;
  readonly rtmpUrl: string;
}

export interface RequestContext {
  readonly method: string;
  /** The path and query exactly as sent: the MAC request-uri. */
  readonly rawTarget: string;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly store: SandboxStore;
  readonly urls: SandboxUrls;
  /** Form fields of a POST/PUT body (application/x-www-form-urlencoded). */
  form(): URLSearchParams;
  /** The caller, or null when no valid token came with the request. */
  principal(): Principal | null;
  /** Why the token that came was not accepted (expired, revoked, bad signature...), or null. */
  authProblem(): string | null;
}

/** A form/query parameter the route cannot do without. */
export function required(fields: URLSearchParams, name: string, error = 'bad_request', status = 400): string {
  const value = fields.get(name);
  if (value === null || value === '') throw new ApiError(status, error, `The parameter ${name} is required.`);
  return value;
}

export function optionalInteger(fields: URLSearchParams, name: string, fallback: number, error = 'bad_request'): number {
  const value = fields.get(name);
  if (value === null || value === '') return fallback;
  if (!/^-?\d+$/.test(value)) throw new ApiError(400, error, `The parameter ${name} must be an integer (got ${JSON.stringify(value)}).`);
  return Number(value);
}

/** Booleans as forms send them: true/false, 1/0, TRUE/FALSE. */
export function parseBoolean(value: string | null): boolean | null {
  if (value === null) return null;
  const lowered = value.toLowerCase();
  if (lowered === 'true' || lowered === '1') return true;
  if (lowered === 'false' || lowered === '0') return false;
  return null;
}
