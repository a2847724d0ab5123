// What the upload speed is held to, from three sources: the streamer's own limit, the timetable and a
// broadcast on the same link (set by the live yield, live-yield.ts). The lowest applies; the reason goes
// with it so the panel and the command line can say why uploads are slow. The timetable's boundaries are
// met with one timer to the next one.
import type { UploadLimit, UploadTimetable } from '../../preload/contract.js';
import { nextTimetableChange, timetableLimit } from './upload-timetable.js';

/** A timer never waits longer than this (a long sleep or a clock change is then caught within the hour). */
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** Past the boundary, so that the clock reads the new minute when the timer fires. */
const PAST_BOUNDARY_MS = 20;

export interface UploadSpeedPlanOptions {
  /** Told whenever the limit that applies may have changed. */
  readonly changed: () => void;
  readonly now?: () => Date;
  /** Replaces the saved limit of the streamer for this run (undefined: the saved one applies). */
  readonly userLimitForThisRun?: number | null;
}

export class UploadSpeedPlan {
  readonly #options: UploadSpeedPlanOptions;
  #userLimit: number | null = null;
  #timetable: UploadTimetable | null = null;
  #live: number | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: UploadSpeedPlanOptions) {
    this.#options = options;
  }

  /** The saved choices (at start and whenever the streamer changes them). */
  setSaved(userLimit: number | null, timetable: UploadTimetable | null): void {
    this.#userLimit = this.#options.userLimitForThisRun === undefined ? userLimit : this.#options.userLimitForThisRun;
    this.#timetable = timetable;
    this.#schedule();
    this.#options.changed();
  }

  /** The broadcast's share: what the uploads may take while live; null: no broadcast holds them. */
  setLive(bytesPerSecond: number | null): void {
    if (bytesPerSecond === this.#live) return;
    this.#live = bytesPerSecond;
    this.#options.changed();
  }

  /** The lowest limit that applies now and its reason; null: full speed. */
  limitedBy(): UploadLimit | null {
    const now = (this.#options.now ?? (() => new Date()))();
    const candidates: UploadLimit[] = [];
    // In this order, so that on a tie the broadcast is named: it is what the streamer did not set.
    if (this.#live !== null) candidates.push({ reason: 'live', bytesPerSecond: this.#live });
    if (this.#userLimit !== null) candidates.push({ reason: 'user', bytesPerSecond: this.#userLimit });
    const timetabled = this.#timetable && timetableLimit(this.#timetable, now);
    if (timetabled) candidates.push({ reason: 'timetable', bytesPerSecond: timetabled });
    return candidates.reduce<UploadLimit | null>((lowest, candidate) => (lowest === null || candidate.bytesPerSecond < lowest.bytesPerSecond ? candidate : lowest), null);
  }

  close(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(): void {
    this.close();
    if (this.#timetable === null) return;
    const now = (this.#options.now ?? (() => new Date()))();
    const next = nextTimetableChange(this.#timetable, now);
    if (next === null) return;
    const waitMs = Math.min(LONGEST_WAIT_MS, next.getTime() - now.getTime() + PAST_BOUNDARY_MS);
    this.#timer = setTimeout(() => {
      this.#schedule();
      this.#options.changed();
    }, waitMs);
    this.#timer.unref();
  }
}
