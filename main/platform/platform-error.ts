// Errors of platform calls: what the platform said (status, the spec's `error` value), on which endpoint,
// and a sentence for the streamer.
import type { CollectionCapacity } from './collection-capacity.js';

export class PlatformError extends Error {
  override readonly name: string = 'PlatformError';
  constructor(
    /** HTTP status; 0 when the platform could not be reached or answered nonsense. */
    readonly status: number,
    /** The spec's error value (`lack_of_ownership`...), or null when the answer carried none. */
    readonly error: string | null,
    /** The spec row, e.g. `PUT /channels/<channel_id>.<format>`. */
    readonly endpoint: string,
    message: string,
    options?: { cause?: unknown; description?: string | null },
  ) {
    super(message, options);
    this.description = options?.description ?? null;
  }

  /**
   * The platform's own sentence (`error_description`), secrets blotted out, or null. The message wraps it
   * with the endpoint and advice; a service that can say something better than the advice (the line a
   * caption file is wrong on) shows this alone.
   */
  readonly description: string | null;
}

/** 401: the token is missing, expired, revoked or refused. The UI and CLI answer with a sign-in prompt. */
export class SignInNeededError extends PlatformError {
  override readonly name = 'SignInNeededError';
}

/**
 * 413 `limit_reached`: a featured list or playlist is full (spec part B, Errors: "check the collection limit
 * headers"). `capacity` is what those headers said, so the app can still show "M of M".
 */
export class CollectionFullError extends PlatformError {
  override readonly name = 'CollectionFullError';
  constructor(
    status: number,
    error: string | null,
    endpoint: string,
    message: string,
    readonly capacity: CollectionCapacity,
    options?: { description?: string | null },
  ) {
    super(status, error, endpoint, message, options);
  }
}
