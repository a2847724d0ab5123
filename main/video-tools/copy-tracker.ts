// The copies of parts of videos that the app follows until the platform has made them. The platform makes
// a copy asynchronously (spec part B: a request id, then a status asked until finished), so the following
// lives here in the core rather than in a window: a reload or a restart neither loses the list nor stops
// the asking. The rows are kept per profile in `video-copies.json` in the data folder.
import { join } from 'node:path';
import { z } from 'zod';
import { CompanionError, VideoCopy, type CopyOrder, type CopyProgress } from '../../preload/contract.js';
import { toCompanionError } from '../companion-errors.js';
import { SettingsFile, type RecoveryReporter } from '../settings/settings-file.js';
import type { TrimCopyService } from './trim-copy-service.js';

/** How often an unfinished copy is asked about. */
export const COPY_POLL_MS = 1000;
/** A run of this many failed asks in a row ends the following (the platform forgot it, or is gone). */
export const COPY_POLL_FAILURES = 5;
/** Each profile keeps its newest copies only, so the file stays small over years of shows. */
export const KEPT_COPIES = 50;

const CopiesFile = z.object({
  /** Newest first, by profile name. */
  profiles: z.record(z.string(), z.array(VideoCopy)).default({}),
});
type CopiesFile = z.output<typeof CopiesFile>;

export interface CopyTrackerOptions {
  /** Starts copies and asks about them. */
  readonly trimCopy: Pick<TrimCopyService, 'copy' | 'copyStatus'>;
  readonly dataDir: string;
  readonly onChange: (copy: VideoCopy) => void;
  /** Told when a damaged `video-copies.json` was set aside and the list started empty. */
  readonly onRecovered: RecoveryReporter;
  /** Told when the list could not be saved (the following goes on; a restart would lose the change). */
  readonly warn: (message: string) => void;
  readonly pollMs?: number;
  readonly now?: () => number;
}

export class CopyTracker {
  readonly #options: CopyTrackerOptions;
  readonly #file: SettingsFile<typeof CopiesFile>;
  /** The profile whose copies are listed and followed; null while signed out. */
  #profile: string | null = null;
  /** Newest first. */
  #rows: VideoCopy[] = [];
  readonly #timers = new Map<string, NodeJS.Timeout>();
  /** Moves on when the profile changes or the tracker closes, so an answer to an older ask is dropped. */
  #generation = 0;
  #closed = false;
  /** Profile switches and writes one at a time, in the order asked, so an older list never overwrites a newer. */
  #queue: Promise<void> = Promise.resolve();

  constructor(options: CopyTrackerOptions) {
    this.#options = options;
    this.#file = new SettingsFile({
      file: join(options.dataDir, 'video-copies.json'),
      schema: CopiesFile,
      label: 'The followed video copies',
      defaults: () => CopiesFile.parse({}),
      onRecovered: options.onRecovered,
      now: options.now,
    });
  }

  /**
   * The signed-in account: the profile, with the user when known (see Companion's accountOf); null when
   * signed out. The lists are kept by this name. Another account stops following the last one's copies (the
   * platform would be asked with the wrong account) and loads and follows again this one's unfinished copies.
   */
  accountChanged(profile: string | null): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#closed || profile === this.#profile) return;
      this.#stopFollowing();
      this.#profile = profile;
      this.#rows = [];
      if (profile === null) return;
      let rows: VideoCopy[];
      try {
        rows = (await this.#file.read()).profiles[profile] ?? [];
      } catch (error) {
        this.#options.warn(`The list of video copies could not be read from ${this.#file.path} (${(error as Error).message}); copies started now are still followed.`);
        return;
      }
      // The profile may have changed again, or the tracker closed, while the file was read.
      if (this.#profile !== profile || this.#closed) return;
      this.#rows = rows;
      for (const row of rows) if (row.finishedAt === null && row.failure === null) this.#follow(row.requestId);
    });
  }

  /** Newest first. */
  copies(): VideoCopy[] {
    return [...this.#rows];
  }

  /** Starts the copy on the platform and follows it; its row is announced before this answers. */
  async copy(sourceVideoId: string, order: CopyOrder): Promise<CopyProgress> {
    const profile = this.#profile;
    if (profile === null) throw new CompanionError('sign_in_needed', 'Sign in before copying a part of a video.');
    const progress = await this.#options.trimCopy.copy(sourceVideoId, order);
    const row: VideoCopy = {
      requestId: progress.requestId,
      sourceVideoId,
      title: order.title,
      start: order.start,
      end: order.end,
      startedAt: this.#now(),
      finishedAt: null,
      progress,
      failure: null,
    };
    if (this.#profile !== profile || this.#closed) {
      // Signed out or switched while the platform answered: the copy is that profile's, followed when it is back.
      void this.#enqueue(() => this.#save(profile, (rows) => [row, ...rows]));
      return progress;
    }
    const kept = [row, ...this.#rows];
    for (const dropped of kept.slice(KEPT_COPIES)) this.#unfollow(dropped.requestId);
    this.#rows = kept.slice(0, KEPT_COPIES);
    this.#changed(row);
    this.#follow(row.requestId);
    return progress;
  }

  /** Stops asking; resolves when the last change is saved. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stopFollowing();
    await this.#queue;
  }

  #follow(requestId: string, failures = 0): void {
    if (this.#closed) return;
    const timer = setTimeout(() => {
      this.#timers.delete(requestId);
      void this.#ask(requestId, failures);
    }, this.#options.pollMs ?? COPY_POLL_MS);
    // Following copies must never keep a closing process alive.
    timer.unref();
    this.#timers.set(requestId, timer);
  }

  async #ask(requestId: string, failures: number): Promise<void> {
    const generation = this.#generation;
    let progress: CopyProgress;
    try {
      progress = await this.#options.trimCopy.copyStatus(requestId);
    } catch (error) {
      if (!this.#stillFollowed(requestId, generation)) return;
      if (failures + 1 < COPY_POLL_FAILURES) return this.#follow(requestId, failures + 1);
      const reason = toCompanionError(error)?.message ?? (error instanceof Error ? error.message : String(error));
      this.#update(requestId, { failure: `The app stopped following this copy after ${COPY_POLL_FAILURES} failed asks in a row: ${reason}` });
      return;
    }
    if (!this.#stillFollowed(requestId, generation)) return;
    if (progress.finished) this.#update(requestId, { progress, finishedAt: this.#now() });
    else this.#follow(requestId);
  }

  /** Not when the profile changed or the tracker closed since the ask, nor when the row left the kept copies. */
  #stillFollowed(requestId: string, generation: number): boolean {
    return generation === this.#generation && this.#rows.some((row) => row.requestId === requestId);
  }

  #update(requestId: string, change: Partial<VideoCopy>): void {
    const current = this.#rows.find((row) => row.requestId === requestId);
    if (!current) return;
    const row = { ...current, ...change };
    this.#rows = this.#rows.map((candidate) => (candidate.requestId === requestId ? row : candidate));
    this.#changed(row);
  }

  #changed(row: VideoCopy): void {
    const profile = this.#profile;
    const rows = this.#rows;
    if (profile !== null) void this.#enqueue(() => this.#save(profile, () => rows));
    this.#options.onChange(row);
  }

  /** Rewrites one profile's list, keeping the other profiles' lists as the file has them. */
  async #save(profile: string, change: (rows: VideoCopy[]) => VideoCopy[]): Promise<void> {
    try {
      const saved: CopiesFile = await this.#file.read();
      saved.profiles[profile] = change(saved.profiles[profile] ?? []).slice(0, KEPT_COPIES);
      await this.#file.write(saved);
    } catch (error) {
      this.#options.warn(`The list of video copies could not be saved in ${this.#file.path} (${(error as Error).message}); the copies are still followed while the app runs.`);
    }
  }

  #unfollow(requestId: string): void {
    clearTimeout(this.#timers.get(requestId));
    this.#timers.delete(requestId);
  }

  #stopFollowing(): void {
    this.#generation++;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }
}
