// The error for an answer the app cannot use: not JSON, or not the shape the spec describes. It names
// where the shape broke (the zod issue path) and never quotes the body, which may hold a secret.
import type { z } from 'zod';
import { PlatformError } from './platform-error.js';

export function malformedResponse(endpoint: string, status: number, what: string): PlatformError {
  return new PlatformError(
    status,
    'malformed_response',
    endpoint,
    `${endpoint} answered ${status === 0 ? '' : `${status} `}with ${what}: the app and the platform disagree; check the profile's addresses, and report it if it keeps happening.`,
  );
}

/** `channels.0.id: Invalid input: expected string, received number`, for the first few issues. */
export function issueSummary(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length === 0 ? 'body' : issue.path.map(String).join('.')}: ${issue.message}`)
    .join('; ');
}
