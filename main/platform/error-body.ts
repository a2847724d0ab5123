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
  return { error: parsed.data.error ?? null, description: parsed.data.error_description ?? null };
}

/** The text with every occurrence of the given secrets blotted out: a server may echo what it refuses. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text);
}
