// What the relay publishes to, and where it gets that list from. The relay owns the connections; a
// TargetSource owns the addresses and keys, which rotate, so the relay asks again instead of keeping them.
// (Defined here until main/relay/ exports its own; the two must stay the same shape.)

/** One place to publish: `url` is the full RTMP(S) publish URL, stream key included. */
export interface TargetSpec {
  /** Stable across key refreshes, so a refreshed list can be matched to the targets in use. */
  readonly id: string;
  /** What the streamer sees: never holds a key. */
  readonly label: string;
  readonly url: string;
}

export interface TargetSource {
  /** The targets in the order to try them. */
  targets(): Promise<TargetSpec[]>;
  /**
   * `failed` was refused for its key: a fresh list when asking the platform again gave something to retry
   * with, or null when the platform still hands out the key that was refused (retrying would fail again).
   */
  refreshAfterAuthFailure(failed: TargetSpec): Promise<TargetSpec[] | null>;
}
