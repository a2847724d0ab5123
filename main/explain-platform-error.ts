// One translator for the platform's refusals: each feature lists the sentences its calls need, and a refusal
// becomes a CompanionError that says what happened and what to do. Sign-in prompts, and refusals no sentence
// names, pass on as they are (main/companion-errors.ts words those).
import { CompanionError, type CollectionCapacity } from '../preload/contract.js';
import { CollectionFullError, PlatformError, SignInNeededError } from './platform/platform-error.js';

/** A sentence, or one made from the platform's own description of the refusal. */
export type Sentence = string | ((description: string | null) => string);

export interface Explanations {
  /** By `<status> <error>` (first) or the bare status. */
  readonly sentences?: Readonly<Partial<Record<string | number, Sentence>>>;
  /** A 403 no sentence names: whose the thing is. */
  readonly notYours?: string;
  /** A 404 no sentence names: the thing is gone. */
  readonly gone?: string;
  /** A 402 (the plan lacks the feature) becomes this note, code `plan_lacks_feature`; without it a 402 passes on. */
  readonly planNote?: string;
  /** A full collection (413 `limit_reached`), from the capacity the platform's headers told. */
  readonly full?: (capacity: CollectionCapacity) => string;
  /** The code the UI reads, when it is not the platform's error value (null: the platform's). */
  readonly code?: (error: PlatformError) => string | null;
}

/** The CompanionError for a refusal these explanations name, or null when it passes on as it is. */
export function explainRefusal(error: unknown, explanations: Explanations): CompanionError | null {
  if (error instanceof CollectionFullError && explanations.full) return new CompanionError('limit_reached', explanations.full(error.capacity), error.message);
  if (!(error instanceof PlatformError) || error instanceof SignInNeededError) return null;
  if (error.status === 402 && explanations.planNote !== undefined) return new CompanionError('plan_lacks_feature', explanations.planNote, error.message);
  const sentences = explanations.sentences ?? {};
  const found = (error.error !== null ? sentences[`${error.status} ${error.error}`] : undefined) ?? sentences[error.status] ?? fallback(error.status, explanations);
  if (found === undefined) return null;
  const code = explanations.code?.(error) ?? error.error ?? `http_${error.status}`;
  // The sentence is for the person; the call and the platform's answer are the detail (the Details disclosure, the log).
  return new CompanionError(code, typeof found === 'function' ? found(error.description) : found, error.message);
}

/** Runs a platform call; a refusal the explanations name is thrown as its CompanionError. */
export async function explainPlatformError<T>(call: () => Promise<T>, explanations: Explanations | ((error: PlatformError) => Explanations)): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const chosen = typeof explanations === 'function' ? (error instanceof PlatformError ? explanations(error) : {}) : explanations;
    throw explainRefusal(error, chosen) ?? error;
  }
}

function fallback(status: number, explanations: Explanations): string | undefined {
  if (status === 403) return explanations.notYours;
  if (status === 404) return explanations.gone;
  return undefined;
}
