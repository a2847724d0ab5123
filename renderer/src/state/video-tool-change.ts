// One change at a time on a video tool's video: the change shows at once, main's answer replaces it, and a
// refusal puts back what was there, with main's error (its sentence says what to do, its detail goes under Details).
import { shownError, type ShownError } from './request-outcome';

export interface VideoToolState {
  readonly videoId: string | null;
  readonly busy: string | null;
  readonly error: ShownError | null;
  readonly done: string | null;
}

export interface VideoToolChange<S extends VideoToolState, R> {
  readonly busy: NonNullable<S['busy']>;
  /** Shown while the request runs; put back as it was on refusal. */
  readonly optimistic?: Partial<S>;
  readonly call: (videoId: string) => Promise<R>;
  /** What main's answer makes of the state. */
  readonly apply?: (result: R) => Partial<S>;
  readonly done: string;
}

/** Resolves true when main took the change; false when it refused, or another change was running. */
export async function videoToolChange<S extends VideoToolState, R>(get: () => S, set: (partial: Partial<S>) => void, change: VideoToolChange<S, R>): Promise<boolean> {
  const before = get();
  if (before.videoId === null || before.busy !== null) return false;
  const videoId = before.videoId;
  const optimistic = change.optimistic ?? {};
  const undo = Object.fromEntries(Object.keys(optimistic).map((key) => [key, before[key as keyof S]])) as Partial<S>;
  set({ ...optimistic, busy: change.busy, error: null, done: null } as Partial<S>);
  try {
    const result = await change.call(videoId);
    // Another video was opened meanwhile: this answer is about a video no longer shown.
    if (get().videoId === videoId) set({ ...(change.apply?.(result) ?? {}), busy: null, done: change.done } as Partial<S>);
    return true;
  } catch (error) {
    if (get().videoId === videoId) set({ ...undo, busy: null, error: shownError(error) } as Partial<S>);
    return false;
  }
}

/** Reads a video tool's state for `videoId`, forgetting the last video's; a late answer for another video is dropped. */
export async function videoToolLoad<S extends VideoToolState, R>(
  get: () => S,
  set: (partial: Partial<S>) => void,
  videoId: string,
  cleared: Partial<S>,
  read: (videoId: string) => Promise<R>,
  apply: (result: R) => Partial<S>,
): Promise<void> {
  set({ ...cleared, videoId, busy: 'load', error: null, done: null } as Partial<S>);
  try {
    const result = await read(videoId);
    if (get().videoId === videoId) set({ ...apply(result), busy: null } as Partial<S>);
  } catch (error) {
    if (get().videoId === videoId) set({ busy: null, error: shownError(error) } as Partial<S>);
  }
}
