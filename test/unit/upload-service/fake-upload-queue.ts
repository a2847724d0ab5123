// A stand-in for the engine's upload queue (main/uploads/upload-queue.ts), for the service around it: rows
// the test sets, every call recorded, and the engine's callbacks (events, row changes) fired by hand.
import type { ProfileUploadQueueOptions } from '../../../main/uploads/profile-upload-queue.js';
import type { AddOptions, AddResult, QueueTotals, UploadRow } from '../../../main/uploads/upload-types.js';
import type { OpenedUploadQueue, UploadQueueControls } from '../../../main/upload-service/upload-service.js';

export function fakeRow(id: string, change: Partial<UploadRow> = {}): UploadRow {
  return {
    id,
    file: `/videos/${id}.mp4`,
    size: 1000,
    channelId: '1',
    title: id,
    description: '',
    protect: 'public',
    state: 'waiting',
    platformStatus: null,
    videoId: null,
    bytes: 0,
    speed: 0,
    etaSeconds: null,
    failure: null,
    processingProgress: null,
    retry: null,
    ...change,
  };
}

export class FakeUploadQueue implements UploadQueueControls {
  readonly calls: string[] = [];
  readonly rowsById = new Map<string, UploadRow>();
  paused: QueueTotals['paused'] = null;
  concurrency: number;
  speedLimit: number | null;
  closed = false;
  /** What the next call throws (the engine refuses some actions with a plain Error). */
  refuse: Error | null = null;

  constructor(readonly options: ProfileUploadQueueOptions) {
    this.concurrency = options.tuning?.concurrency ?? 2;
    this.speedLimit = options.tuning?.speedLimit ?? null;
  }

  get profile(): string {
    return this.options.profile;
  }

  /** A row changes the way the engine reports it: the row is updated, then onRowChange is called. */
  setRow(row: UploadRow): void {
    this.rowsById.set(row.id, row);
    this.options.onRowChange?.(row.id);
  }

  removeRow(id: string): void {
    this.rowsById.delete(id);
    this.options.onRowChange?.(id);
  }

  rows(): UploadRow[] {
    return [...this.rowsById.values()];
  }

  row(id: string): UploadRow | null {
    return this.rowsById.get(id) ?? null;
  }

  speed(): number {
    return 0;
  }

  totals(): QueueTotals {
    const rows = this.rows();
    return {
      files: rows.length,
      complete: rows.filter((row) => row.state === 'complete').length,
      failed: rows.filter((row) => row.state === 'failed').length,
      unfinished: rows.filter((row) => !['complete', 'failed', 'cancelled'].includes(row.state)).length,
      bytes: rows.reduce((sum, row) => sum + row.bytes, 0),
      size: rows.reduce((sum, row) => sum + row.size, 0),
      speed: 0,
      etaSeconds: null,
      paused: this.paused,
      concurrency: this.concurrency,
      speedLimit: this.speedLimit,
    };
  }

  async add(paths: readonly string[], options: AddOptions): Promise<AddResult> {
    this.calls.push(`add ${paths.join(',')} to ${options.channelId}`);
    const queued = paths.filter((path) => path.endsWith('.mp4')).map((path) => fakeRow(path.split('/').pop()!.replace('.mp4', ''), { file: path }));
    for (const row of queued) this.setRow(row);
    return { queued, rejected: paths.filter((path) => !path.endsWith('.mp4')).map((file) => ({ file, reason: 'not a video' })) };
  }

  edit(id: string, change: { title?: string }): UploadRow {
    this.#call(`edit ${id}`);
    const row = { ...this.rowsById.get(id)!, ...change };
    this.setRow(row);
    return row;
  }

  pause(): void {
    this.#call('pause');
    this.paused = 'user';
  }

  resume(): void {
    this.#call('resume');
    this.paused = null;
  }

  signedIn(): void {
    this.calls.push('signedIn');
  }

  pauseFile(id: string): void {
    this.#call(`pauseFile ${id}`);
  }

  resumeFile(id: string): void {
    this.#call(`resumeFile ${id}`);
  }

  cancel(id: string): void {
    this.#call(`cancel ${id}`);
  }

  retry(id: string): void {
    this.#call(`retry ${id}`);
  }

  retryFailed(): void {
    this.#call('retryFailed');
  }

  clearFinished(options: { failed?: boolean } = {}): void {
    this.#call(`clearFinished ${options.failed === true}`);
  }

  setConcurrency(concurrency: number): void {
    this.calls.push(`setConcurrency ${concurrency}`);
    this.concurrency = concurrency;
  }

  setSpeedLimit(bytesPerSecond: number | null): void {
    this.calls.push(`setSpeedLimit ${bytesPerSecond}`);
    this.speedLimit = bytesPerSecond;
  }

  start(): void {
    this.calls.push('start');
  }

  #call(name: string): void {
    this.calls.push(name);
    const refusal = this.refuse;
    this.refuse = null;
    if (refusal) throw refusal;
  }
}

/** An opener that hands out fake queues and remembers them; `busy` makes it refuse like a held lock. */
export class FakeQueueOpener {
  readonly opened: FakeUploadQueue[] = [];
  busy: Error | null = null;

  readonly open = (options: ProfileUploadQueueOptions): OpenedUploadQueue => {
    if (this.busy) throw this.busy;
    const queue = new FakeUploadQueue(options);
    this.opened.push(queue);
    return {
      queue,
      close: async () => {
        queue.closed = true;
      },
    };
  };

  get last(): FakeUploadQueue {
    const queue = this.opened.at(-1);
    if (!queue) throw new Error('no queue was opened');
    return queue;
  }
}
