// What `companion upload` prints. With --json: each queue event as a line (`queued`, `rejected`,
// `progress`, `transferred`, `status`, `complete`, `failed`, `paused`, `done`). On a terminal: a line per
// finished step and a progress bar for the batch, redrawn in place. Into a file or pipe without --json:
// the lines alone, no redrawing. It also says, whenever that changes, what holds the uploads to their
// speed (the streamer's limit, the timetable, a broadcast), so that slow is never a riddle (a `limited` line with --json).
import { basename } from 'node:path';
import type { UploadLimit, UploadTimetable } from '../../preload/contract.js';
import { emitJson, type CommandContext } from './command-context.js';
import type { QueueTotals, UploadEvent } from '../uploads/upload-types.js';
import { inCommandLineWords } from './command-line-words.js';

const BAR_WIDTH = 24;
const REDRAW_MS = 200;

export class UploadReporter {
  readonly #context: CommandContext;
  readonly #terminal: boolean;
  readonly #titles = new Map<string, string>();
  #totals: (() => QueueTotals) | null = null;
  #timer: NodeJS.Timeout | null = null;
  #barShown = false;
  /** This run's finished files: the queue's totals also count the files of earlier runs it still lists (issue 22). */
  #complete = 0;
  #failed = 0;
  /** The last words said about the speed limit: said again only when they change. */
  #limitWords: string | null = null;

  constructor(context: CommandContext) {
    this.#context = context;
    this.#terminal = !context.json && (context.out as NodeJS.WriteStream).isTTY === true;
  }

  /** Starts redrawing the batch's progress bar (on a terminal). */
  attach(totals: () => QueueTotals): void {
    this.#totals = totals;
    if (!this.#terminal) return;
    this.#timer = setInterval(() => this.#drawBar(), REDRAW_MS);
    this.#timer.unref();
  }

  detach(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#clearBar();
  }

  report(said: UploadEvent): void {
    // A failure's reason comes from the queue the Uploads panel shows too.
    const event = 'reason' in said && typeof said.reason === 'string' ? { ...said, reason: inCommandLineWords(said.reason) } : said;
    if (event.event === 'complete') this.#complete += 1;
    if (event.event === 'failed') this.#failed += 1;
    if (this.#context.json) {
      const { event: name, ...fields } = event;
      emitJson(this.#context, name, snakeCase(fields));
      return;
    }
    const title = 'id' in event ? (this.#titles.get(event.id) ?? event.id) : '';
    switch (event.event) {
      case 'queued':
        this.#titles.set(event.id, basename(event.file));
        return this.line(`queued     ${basename(event.file)} (${megabytes(event.size)})`);
      case 'rejected':
        return this.line(`rejected   ${event.file}: ${event.reason}`);
      case 'transferred':
        return this.line(`sent       ${title}${event.resumedFrom > 0 ? ` (resumed at ${megabytes(event.resumedFrom)})` : ''}; video ${event.videoId}`);
      case 'status':
        return event.status === 'initiated' || event.status === 'complete' ? undefined : this.line(`${event.status.padEnd(10)} ${title}`);
      case 'complete':
        return this.line(`complete   ${title}: video ${event.videoId}`);
      case 'failed':
        return this.line(`FAILED     ${title}: ${event.reason}`);
      case 'retrying':
        return this.line(`retrying   ${title}: attempt ${event.attempt} in ${Math.round(event.inMs / 1000)} s (${event.reason})`);
      case 'paused':
        return this.line(`paused: ${event.message}`);
      case 'resumed':
        return this.line('resumed');
      case 'done':
        return this.line(`Done: ${event.complete} complete, ${event.failed} failed, ${event.rejected} rejected${event.cancelled > 0 ? `, ${event.cancelled} cancelled` : ''}.`);
      case 'progress':
        return;
    }
  }

  /**
   * What holds the speed now (the upload service tells whenever it may have changed); a line when that changes.
   * While live the share moves every second or so (live-yield.ts): that is said once, not at every step.
   */
  limitChanged(limit: UploadLimit | null, timetable: UploadTimetable | null): void {
    const words = limit === null ? (this.#limitWords === null ? null : 'full speed again') : limitWords(limit, timetable);
    if (words === null || words === this.#limitWords) return;
    this.#limitWords = words;
    // With --json a line too, so that a script can tell why the speed changed: the same words, and the facts.
    if (this.#context.json) emitJson(this.#context, 'limited', { reason: limit?.reason ?? null, bytes_per_second: limit?.bytesPerSecond ?? null, words });
    else this.line(words);
  }

  stopped(signal: string): void {
    if (this.#context.json) emitJson(this.#context, 'stopped', { signal });
    else this.line(`Stopped (${signal}). What was sent is kept; \`companion upload\` goes on from there.`);
  }

  line(text: string): void {
    if (this.#context.json) return;
    this.#clearBar();
    this.#context.out.write(`${text}\n`);
  }

  #drawBar(): void {
    const totals = this.#totals?.();
    if (!totals || totals.size === 0) return;
    const share = Math.min(1, totals.bytes / totals.size);
    const filled = Math.round(share * BAR_WIDTH);
    const eta = totals.etaSeconds === null ? '' : `, ${clock(totals.etaSeconds)} left`;
    const text = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${(share * 100).toFixed(0)}% ${megabytes(totals.bytes)} of ${megabytes(totals.size)}, ${megabytes(totals.speed)}/s${eta} (${this.#complete} complete${this.#failed > 0 ? `, ${this.#failed} failed` : ''}, ${totals.unfinished} to go)`;
    this.#context.out.write(`\r\x1b[2K${text}`);
    this.#barShown = true;
  }

  #clearBar(): void {
    if (!this.#barShown) return;
    this.#context.out.write('\r\x1b[2K');
    this.#barShown = false;
  }
}

function limitWords(limit: UploadLimit, timetable: UploadTimetable | null): string {
  switch (limit.reason) {
    case 'user':
      return `slowed to ${megabytes(limit.bytesPerSecond)}/s: your own speed limit (the limit-rate setting, or --limit-rate)`;
    case 'live':
      return 'slowed down: you are live, and the broadcast keeps what it needs of the connection; full speed again when it ends';
    case 'timetable':
      return `slowed to ${megabytes(limit.bytesPerSecond)}/s: the timetable's reduced hours${timetable === null ? '' : ` until ${timetable.fullSpeedFrom}`}`;
  }
}

function snakeCase(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value]));
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
