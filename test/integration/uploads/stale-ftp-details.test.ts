// An upload cut mid-file whose FTP server has gone away (the platform moved it; an embedded sandbox that came
// back elsewhere) finishes: the queue asks the platform for a new upload of the file once, instead of retrying
// a dead address forever. A real sandbox is stopped mid-transfer and started again from its state on a new FTP
// port; the queue is reopened on the same journal, as after a crash.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { AccessToken } from '../../../main/platform/access-token.js';
import { createPlatformApi } from '../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { UploadQueue } from '../../../main/uploads/upload-queue.js';
import { Vault } from '../../../main/vault/vault.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { keychainlessStore } from '../../support/keychainless-store.js';
import { passwordToken } from '../../support/sandbox-client.js';
import { makeBigVideo, sha256 } from './upload-media.js';
import { EventList } from './upload-rig.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('a resumed upload whose FTP server is gone starts again as a new upload, once, and completes', { timeout: 60_000 }, async () => {
  const work = await mkdtemp(join(tmpdir(), 'companion-stale-ftp-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const stateFile = join(work, 'state.json');
  const start = () => startSandbox({ stateFile, dataDir: join(work, 'media'), uploadStepMs: 50 });
  let platform: Sandbox = await start();
  cleanups.push(() => platform.close());
  const token = await passwordToken(platform);
  const channelId = platform.admin.store.data.channels.find((channel) => channel.title === 'Demo Live')!.id;
  const logLines: string[] = [];
  const logger = createLogger({ sink: { write: (line: string) => void logLines.push(line) }, level: 'info' });
  // The FTP passwords outlive the first queue as they would in the keychain: the same store serves both.
  const vault = new Vault(keychainlessStore(), 'sandbox', logger);
  const journal = join(work, 'journal.jsonl');
  const openQueue = (events: EventList) => {
    const bearer = (): AccessToken => ({ type: 'bearer', accessToken: token, expiresAt: null, scopes: [] });
    return new UploadQueue({
      journalFile: journal,
      platform: async () => createPlatformApi(createPlatformCaller({ apiUrl: platform.apiUrl, tokens: { token: async () => bearer() }, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } })).uploads,
      passwords: {
        save: (videoId, password) => vault.setUploadPassword(videoId, password),
        read: (videoId) => vault.uploadPassword(videoId),
        forget: async (videoId) => void (await vault.deleteUploadPassword(videoId)),
      },
      logger,
      onEvent: events.push,
      retryDelaysMs: [50, 100],
      pollDelaysMs: [100, 200],
      speedLimit: 1024 * 1024,
    });
  };

  const file = join(work, 'cut.avi');
  const size = await makeBigVideo(file, 4);
  const first = new EventList();
  const before = openQueue(first);
  await before.add([file], { channelId });
  before.start();
  await first.waitFor('progress', 20_000, (event) => event.bytes > size / 4);
  const firstVideo = before.rows()[0]!.videoId!;
  await before.close();
  // The platform comes back from its state, but its FTP server listens elsewhere now.
  const oldFtp = platform.ftpUrl;
  await platform.close();
  platform = await start();
  expect(platform.ftpUrl).not.toBe(oldFtp);

  const second = new EventList();
  const after = openQueue(second);
  after.setSpeedLimit(null);
  after.start();
  const done = await second.waitFor('done', 30_000);
  expect(done).toMatchObject({ complete: 1, failed: 0 });
  const row = after.rows()[0]!;
  expect(row.videoId).not.toBe(firstVideo);
  expect(logLines.filter((line) => line.includes('asking the platform for a new upload of the file'))).toHaveLength(1);
  const video = platform.admin.store.video(row.videoId!);
  expect(await sha256(video!.filePath!)).toBe(await sha256(file));
  await after.close();
});
