// When `companion upload` stops waiting, and with which exit code: the queue starts with what it restored
// before the command's files are added, so the end of the restored files alone must not end the command.
import { describe, expect, it } from 'vitest';
import { UploadBatchEnd } from '../../../main/cli/upload-batch-end.js';
import type { UploadEvent } from '../../../main/uploads/upload-types.js';

const done = (failed = 0, rejected = 0): UploadEvent => ({ event: 'done', complete: 1, failed, cancelled: 0, rejected });
const queued = (id: string): UploadEvent => ({ event: 'queued', id, file: `/videos/${id}.mp4`, size: 1, title: id });

/** The exit code when the batch has ended, else 'waiting'. */
async function outcome(batch: UploadBatchEnd): Promise<number | 'waiting'> {
  return Promise.race([batch.end, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 10))]);
}

describe('UploadBatchEnd', () => {
  it('ends with the first done when no files are being added (a resumed queue)', async () => {
    const batch = new UploadBatchEnd();
    batch.saw(done());
    expect(await outcome(batch)).toBe(0);
  });

  it('waits for the end of the added files when the restored ones end while adding, and counts both ends', async () => {
    const batch = new UploadBatchEnd();
    batch.adding();
    batch.saw(done(1));
    batch.saw(queued('a'));
    batch.added();
    expect(await outcome(batch)).toBe('waiting');
    batch.saw(done());
    expect(await outcome(batch)).toBe(1);
  });

  it('ends when the adding ends after a done that came after every queued file (all rejected)', async () => {
    const batch = new UploadBatchEnd();
    batch.adding();
    batch.saw(done(0, 2));
    batch.added();
    expect(await outcome(batch)).toBe(1);
  });

  it('ends with 1 when the platform refuses the sign-in', async () => {
    const batch = new UploadBatchEnd();
    batch.saw({ event: 'paused', reason: 'sign-in', message: 'Sign in again.' });
    expect(await outcome(batch)).toBe(1);
  });
});
