// Serves the confidence monitor (the livePreview namespace): the local ingest's latest keyframe, tapped by
// relay/keyframe-snapshot.ts. The tap starts at the first question (a window that never shows the Go live
// panel costs nothing) and follows the ingest the live service runs now, so a restarted ingest is picked up.
import type { LivePreview, livePreviewNamespace, NamespaceImplementation, SamePreview } from '../../preload/contract.js';
import { tapKeyframes, type KeyframeSnapshot, type KeyframeTap } from '../relay/keyframe-snapshot.js';
import type { LocalIngest } from '../relay/local-ingest.js';

type Ingest = Pick<LocalIngest, 'subscribe'>;

export class LivePreviewService implements NamespaceImplementation<typeof livePreviewNamespace> {
  readonly #ingest: () => Ingest | null;
  #tapped: { readonly ingest: Ingest; readonly tap: KeyframeTap } | null = null;
  /** The last answer, so that every window polling the same picture costs one base64 encoding. */
  #answer: { readonly snapshot: KeyframeSnapshot; readonly preview: LivePreview } | null = null;

  /** `ingest`: the running local ingest, or null while there is none. */
  constructor(ingest: () => Ingest | null) {
    this.#ingest = ingest;
  }

  latest(shownAt: number | null = null): LivePreview | SamePreview | null {
    const snapshot = this.#tap()?.latest() ?? null;
    if (snapshot === null) return null;
    if (snapshot.at === shownAt) return { same: true, at: shownAt };
    if (this.#answer?.snapshot !== snapshot) {
      const { codec, width, height, description, keyframe, at } = snapshot;
      this.#answer = { snapshot, preview: { codec, width, height, description: description.toString('base64'), keyframe: keyframe.toString('base64'), at } };
    }
    return this.#answer.preview;
  }

  close(): void {
    this.#tapped?.tap.stop();
    this.#tapped = null;
    this.#answer = null;
  }

  #tap(): KeyframeTap | null {
    const ingest = this.#ingest();
    if (this.#tapped?.ingest !== ingest) {
      this.close();
      if (ingest !== null) this.#tapped = { ingest, tap: tapKeyframes(ingest) };
    }
    return this.#tapped?.tap ?? null;
  }
}
