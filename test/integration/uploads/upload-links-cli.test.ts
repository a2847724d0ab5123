// `companion upload` of a folder that holds a link named like a video (`link.mp4 -> /etc/passwd`) and a
// real clip: the link is rejected with its sentence and never reaches the platform, the clip becomes a video.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_IN_FOLDER } from '../../../main/uploads/upload-files.js';
import { runCli } from '../../support/built-cli.js';
import { makeClip } from './upload-media.js';

let home: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'upload-links-'));
});

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('companion upload of a folder with links in it', () => {
  it('rejects link.mp4 -> /etc/passwd with the sentence, and uploads the real video beside it', async () => {
    const folder = join(home, 'show');
    await mkdir(folder);
    await makeClip(join(folder, 'real clip.mp4'));
    symlinkSync('/etc/passwd', join(folder, 'link.mp4'));
    const upload = await runCli(['--json', 'upload', '--channel', '5001', '--username', 'demo', '--password-stdin', folder], {
      input: 'broadcast\n',
      env: { COMPANION_DATA_DIR: join(home, 'data') },
      timeoutMs: 90_000,
    });
    const events = upload.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // A rejected file makes the run exit 1, as the README says.
    expect(upload.code, upload.stderr).toBe(1);
    const rejected = events.filter((event) => event.event === 'rejected');
    expect(rejected).toEqual([expect.objectContaining({ file: join(folder, 'link.mp4'), reason: LINK_IN_FOLDER })]);
    const queued = events.filter((event) => event.event === 'queued');
    expect(queued).toEqual([expect.objectContaining({ title: 'real clip' })]);
    expect(events.filter((event) => event.event === 'complete')).toEqual([expect.objectContaining({ title: 'real clip' })]);
    expect(upload.stdout).not.toContain('root:x:0:0');
  }, 120_000);
});
