import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SafetyCopyService, type SafetyCopyHooks } from '../../../main/live/safety-copy-service.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import type { IngestSink } from '../../../main/relay/local-ingest.js';
import { LiveSettingsStore } from '../../../main/settings/live-settings.js';
import type { AddUploads } from '../../../preload/contract.js';
import { packets } from '../relay/packets.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'safety-copy-service-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function rig(hooks: SafetyCopyHooks = {}) {
  const settings = new LiveSettingsStore(dir, () => undefined);
  let changes = 0;
  const service = new SafetyCopyService({ settings, logger: createLogger({ sink: { write: () => undefined }, level: 'error' }), onChange: () => (changes += 1), hooks: { engine: { minFreeBytes: 0 }, ...hooks } });
  let sink: IngestSink | null = null;
  const ingest = {
    subscribe(next: IngestSink) {
      sink = next;
      return () => (sink = null);
    },
  };
  /** Two seconds of stream from the encoder. */
  const stream = () => {
    sink!.started();
    for (const packet of [packets.metadata(), packets.videoConfig(), packets.audioConfig(), packets.keyframe(0), packets.audio(1000), packets.keyframe(2000)]) sink!.packet(packet);
  };
  return { service, settings, ingest, stream, changes: () => changes };
}

describe('the safety copy service', () => {
  it('refuses a folder it could not use, in a sentence, and saves nothing', async () => {
    const { service, settings } = rig();
    await expect(service.set({ enabled: true, folder: null, uploadWhenDone: false })).rejects.toThrow('Choose the folder the safety copy goes to.');
    await expect(service.set({ enabled: true, folder: 'relative/copies', uploadWhenDone: false })).rejects.toThrow('Give the safety copy folder as a full path');
    await expect(service.set({ enabled: true, folder: join(dir, 'missing'), uploadWhenDone: false })).rejects.toMatchObject({ code: 'folder_unusable', message: `The safety copy folder ${join(dir, 'missing')} does not exist: create it or choose another one.` });
    expect((await settings.load()).safetyCopy).toEqual({ enabled: false, folder: null, uploadWhenDone: false });
    await service.set({ enabled: true, folder: dir, uploadWhenDone: true });
    expect((await settings.load()).safetyCopy).toEqual({ enabled: true, folder: dir, uploadWhenDone: true });
    expect(service.state()).toMatchObject({ enabled: true, folder: dir, uploadWhenDone: true, state: 'off' });
  });

  it('copies a broadcast and, with upload when done, queues its files to the channel as it ends', async () => {
    const requests: AddUploads[] = [];
    const { service, ingest, stream } = rig({ queueUploads: async (request) => (requests.push(request), { queued: request.paths.length, rejected: [] }) });
    await service.set({ enabled: true, folder: dir, uploadWhenDone: true });
    await service.start(ingest, '5002');
    stream();
    expect(service.state()).toMatchObject({ state: 'writing', currentFile: expect.stringContaining(dir), bytes: expect.any(Number) });
    await service.stop();
    const [file] = service.state().files;
    expect(service.state()).toMatchObject({ state: 'off', currentFile: null, warning: null, files: [{ path: expect.stringMatching(/companion-.+\.flv$/), queued: true }] });
    expect(requests).toEqual([{ paths: [file!.path], channelId: '5002' }]);
    await expect(service.upload()).rejects.toMatchObject({ code: 'nothing_to_upload' });
  });

  it('says in its state when the files could not be queued as the broadcast ended, and keeps them for a later click', async () => {
    const { service, ingest, stream } = rig({ queueUploads: async () => Promise.reject(new Error('Sign in to upload: the queue belongs to the signed-in profile.')) });
    await service.set({ enabled: true, folder: dir, uploadWhenDone: true });
    await service.start(ingest, '5002');
    stream();
    await service.stop();
    expect(service.state()).toMatchObject({ warning: 'The safety copies were not queued for upload: Sign in to upload: the queue belongs to the signed-in profile.', files: [{ queued: false }] });
  });

  it('without an upload queue (a command) says where uploading is done', async () => {
    const { service, ingest, stream } = rig({ queueUploads: undefined });
    await service.set({ enabled: true, folder: dir, uploadWhenDone: false });
    await service.start(ingest, '5002');
    stream();
    await service.stop();
    await expect(service.upload()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('needs the app') });
  });

  it('stops at once when switched off mid-broadcast, and starts when switched on again', async () => {
    const { service, ingest, stream } = rig();
    await service.set({ enabled: true, folder: dir, uploadWhenDone: false });
    await service.start(ingest, '5002');
    stream();
    await service.set({ enabled: false, folder: dir, uploadWhenDone: false });
    expect(service.state()).toMatchObject({ state: 'off', files: [{ queued: false }] });
    await service.set({ enabled: true, folder: dir, uploadWhenDone: false });
    expect(service.state().state).toBe('writing');
    await service.stop();
  });
});
