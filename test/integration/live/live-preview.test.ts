// The confidence monitor's service on a real local ingest with ffmpeg as the encoder: what latest() answers
// (base64, as the renderer gets it) decodes from its description and keyframe alone, at the encoder's size;
// a new picture comes every 2 s or so, and none once the encoder has left.
import { afterEach, expect, it, vi } from 'vitest';
import { LivePreviewService } from '../../../main/live/live-preview-service.js';
import { startLocalIngest } from '../../../main/relay/local-ingest.js';
import { decodeKeyframe } from '../../support/keyframe-decode.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { until } from '../../support/until.js';
import { Cleanup, EventLog } from '../relay/relay-harness.js';
import type { EncoderEvent } from '../../../main/relay/relay-types.js';

const encoders = new Encoders();
const cleanup = new Cleanup();

afterEach(async () => {
  encoders.killAll();
  await cleanup.close();
  vi.restoreAllMocks();
});

it('answers a keyframe of the encoder that decodes on its own, renewed while it sends, and nothing after it left', async () => {
  // node-media-server prints with console.log unless told otherwise.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const events = new EventLog<EncoderEvent>();
  const ingest = await startLocalIngest({ port: 0, streamKey: 'preview_key', onEvent: events.push });
  cleanup.add(() => ingest.close());
  const preview = new LivePreviewService(() => ingest);
  cleanup.add(() => preview.close());
  expect(preview.latest()).toBeNull();

  const encoder = encoders.publish(`${ingest.url}/preview_key`, 8, '320x240');
  const first = await until(() => { const answer = preview.latest(); return answer && !('same' in answer) ? answer : undefined; }, 'a first picture', 10_000);
  expect(first).toMatchObject({ codec: expect.stringMatching(/^avc1\.[0-9a-f]{6}$/), width: 320, height: 240 });
  const decoded = await decodeKeyframe({ description: Buffer.from(first.description, 'base64'), keyframe: Buffer.from(first.keyframe, 'base64') });
  expect(decoded).toEqual({ frames: '1,320,240', errors: '' });
  // Asked again by a window that shows it: no bytes again while it is still the latest.
  expect(preview.latest(first.at)).toEqual({ same: true, at: first.at });

  const next = await until(() => { const answer = preview.latest(first.at); return answer && !('same' in answer) ? answer : undefined; }, 'a newer picture', 5000);
  // ffmpeg sends a keyframe every second: one in two is kept.
  expect(next.at - first.at).toBeGreaterThanOrEqual(1750);
  expect(next.keyframe).not.toBe(first.keyframe);

  expect(await encoder.exited).toBe(0);
  await events.waitFor('encoder-disconnected', 5000);
  expect(preview.latest()).toBeNull();
}, 30_000);
