// Ingest keys and the cloud recorder through the typed client against the sandbox over real HTTP,
// with a real encoder (ffmpeg) publishing, so the recorder's answers are those of a real recording.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Encoders } from '../../../support/synthetic-encoder.js';
import { platformError, startSandboxApis, type SandboxApis } from './sandbox-api.js';

let apis: SandboxApis;
const encoders = new Encoders();

beforeAll(async () => {
  apis = await startSandboxApis();
});

afterAll(async () => {
  encoders.killAll();
  await apis?.sandbox.close();
});

describe('ingest over HTTP', () => {
  it('gives the RTMP URLs and both keys, and the key endpoints agree with them', async () => {
    const { api, demoChannelId } = apis;
    const ingest = await api.ingest.get(demoChannelId);
    expect(ingest.rtmp_urls.length).toBeGreaterThanOrEqual(2);
    for (const url of ingest.rtmp_urls) expect(url).toMatch(/^rtmp:\/\//);
    expect(await api.ingest.channelKey(demoChannelId)).toBe(ingest.channel_key);
    // Asked again within 10 minutes, the streaming key is extended, not replaced.
    expect(await api.ingest.streamingKey(demoChannelId)).toBe(ingest.streaming_key);
  });

  it("keeps another user's keys from them", async () => {
    expect(await platformError(apis.rival.ingest.get(apis.demoChannelId))).toMatchObject({ status: 403, error: 'lack_of_ownership' });
    expect(await platformError(apis.rival.ingest.streamingKey(apis.demoChannelId))).toMatchObject({ status: 403 });
  });
});

describe('recording over HTTP', () => {
  it('reads the record time limit and sets autorecord, on owned channels only', async () => {
    const { api, demoChannelId } = apis;
    expect(await api.recording.getLimit(demoChannelId)).toBeGreaterThan(0);
    await api.recording.setAutorecord(demoChannelId, 'disabled');
    const refused = await platformError(apis.rival.recording.setAutorecord(demoChannelId, 'public'));
    expect(refused).toMatchObject({ status: 403, error: 'lack_of_ownership', endpoint: 'PUT /channels/<channel_id>/settings/autorecord.<format>' });
  });

  it('records a live broadcast into a video the API then serves', async () => {
    const { api, demoChannelId } = apis;
    const ingest = await api.ingest.get(demoChannelId);
    const encoder = encoders.publish(`${ingest.rtmp_urls[0]}/${ingest.streaming_key}`, 8);
    await expect.poll(async () => (await api.channels.get(demoChannelId)).status, { timeout: 10_000 }).toBe('live');

    await api.recording.start(demoChannelId);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const recorded = await api.recording.stop(demoChannelId);
    expect(recorded).not.toBeNull();
    expect(recorded!.url).toContain(`/videos/${recorded!.id}.json`);
    expect(await api.recording.get(demoChannelId)).toEqual(recorded);

    encoder.stop();
    await encoder.exited;
    const video = await api.videos.get(recorded!.id);
    expect(video.links.channel.id).toBe(demoChannelId);
  }, 30_000);

  it('answers a stop with nothing recorded as no video', async () => {
    const { api } = apis;
    const { id } = await api.channels.create({ title: 'Never Recorded' });
    await api.recording.start(id);
    expect(await api.recording.stop(id)).toBeNull();
    expect(await api.recording.get(id)).toBeNull();
  });
});
