// What an error answer says, read defensively: the spec promises `{error}` only from the token endpoint,
// other endpoints may answer with anything, and whatever text we keep ends up in front of the user.
import { z } from 'zod';

export interface ErrorBody {
  /** The spec's error value, when the body is JSON that has one. */
  readonly error: string | null;
  readonly description: string | null;
}

const errorFields = z.object({ error: z.string().min(1).optional(), error_description: z.string().min(1).optional() });

export function errorBody(text: string): ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: null, description: null };
  }
  const parsed = errorFields.safeParse(json);
  if (!parsed.success) return { error: null, description: null };
  // The spec's error values are short words; anything longer is not one, and is kept only in part.
  const error = parsed.data.error === undefined ? null : parsed.data.error.length > 100 ? readableExcerpt(parsed.data.error, 100) : parsed.data.error;
  return { error, description: parsed.data.error_description ?? null };
}

/** Longer than any sentence a person reads in a notice or a terminal line. */
export const PLATFORM_TEXT_LIMIT = 300;

/**
 * The platform's text cut to a readable length, "…" marking the cut, whitespace runs made one space: a
 * platform may answer with megabytes, and each error line goes to a notice, a log line or the CLI. Cut
 * after secrets are blotted out, so no secret is left half-matched at the cut.
 */
export function readableExcerpt(text: string, limit = PLATFORM_TEXT_LIMIT): string {
  // Only the start is ever shown: flattening a 5 MB answer whole would cost for nothing.
  const head = text.slice(0, limit * 4);
  const flat = head.replace(/\s+/g, ' ').trim();
  const rest = /\S/g;
  rest.lastIndex = head.length;
  if (flat.length <= limit && !rest.test(text)) return flat;
  let cut = flat.slice(0, limit - 1);
  // Never half a surrogate pair: an emoji cut in two is not text.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** The text with every occurrence of the given secrets blotted out: a server may echo what it refuses. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text);
}
