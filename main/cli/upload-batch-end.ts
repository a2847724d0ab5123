// When `companion upload`'s batch ends, from the queue's events, and its exit code.
import type { UploadEvent } from '../uploads/upload-types.js';

type DoneEvent = Extract<UploadEvent, { event: 'done' }>;

/**
 * When the command's batch ends, and its exit code: 0 when every file was uploaded, 1 when one failed or
 * was rejected, or when the platform refused the sign-in. The queue starts with what it restored as soon
 * as it opens, as in the app, so a batch of restored files may end while the command's files are being
 * added: that end counts, and the command waits for the end of the files it added.
 */
export class UploadBatchEnd {
  readonly end: Promise<number>;
  #finish: (code: number) => void = () => undefined;
  #failed = false;
  /** Adding files: an end seen now may be of the restored files only. */
  #adding = false;
  /** The last queued or done event was a done (the queue has nothing of the batch left). */
  #lastWasDone = false;

  constructor() {
    this.end = new Promise<number>((resolve) => (this.#finish = resolve));
  }

  saw(event: UploadEvent): void {
    if (event.event === 'queued') this.#lastWasDone = false;
    if (event.event === 'paused' && event.reason === 'sign-in') this.#finish(1);
    if (event.event !== 'done') return;
    this.#lastWasDone = true;
    this.#failed ||= failedSome(event);
    if (!this.#adding) this.#finish(this.#failed ? 1 : 0);
  }

  adding(): void {
    this.#adding = true;
  }

  added(): void {
    this.#adding = false;
    // Every file added was rejected, or was done before the adding ended: that end was the batch's.
    if (this.#lastWasDone) this.#finish(this.#failed ? 1 : 0);
  }
}

function failedSome(done: DoneEvent): boolean {
  return done.failed > 0 || done.rejected > 0;
}
