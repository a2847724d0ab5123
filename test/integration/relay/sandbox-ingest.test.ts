// The relay against the sandbox's RTMP ingest (node-media-server in its own process, checking stream keys
// the way the platform does). A wrong key: exactly one refresh, then a fatal error and no retry loop. A
// good key: the channel goes live; the encoder stops and comes back within the grace period and the
// channel stays live on one outbound publish whose timestamps run on; after the grace it goes off air.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixedTargets } from '../../../main/relay/relay.js';
import { DEFAULT_PUBLISHER_OPTIONS, rtmpPublisher } from '../../../main/relay/rtmp-publisher.js';
import type { TargetSpec } from '../../../main/relay/relay-types.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import type { Channel, ChannelStatus } from '../../../sandbox/state/model.js';
import { api, passwordToken } from '../../support/sandbox-client.js';
import { startNginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders, packetTimes } from '../../support/synthetic-encoder.js';
import { Cleanup, startRig } from './relay-harness.js';

const cleanup = new Cleanup();
/** What one test started: node-media-server allows one local ingest per process. */
const perTest = new Cleanup();
const encoders = new Encoders();
let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  cleanup.add(() => sandbox.close());
  token = await passwordToken(sandbox);
});

afterEach(async () => {
  encoders.killAll();
  await perTest.close();
});

afterAll(() => cleanup.close());

function channelTitled(title: string): Channel {
  return sandbox.admin.store.data.channels.find((channel) => channel.title === title)!;
}

async function ingestTargets(channel: Channel): Promise<TargetSpec[]> {
  const answer = await api<{ rtmp_urls: string[]; streaming_key: string }>(sandbox, token, 'GET', `/channels/${channel.id}/ingest.json`);
  expect(answer.status).toBe(200);
  return answer.body.rtmp_urls.map((url, index) => ({ id: `ingest-${index + 1}`, label: `Sandbox ingest ${index + 1}`, url: `${url}/${answer.body.streaming_key}` }));
}

/** Counts connection attempts through the real publisher. */
function countingPublisher() {
  const open = rtmpPublisher(DEFAULT_PUBLISHER_OPTIONS);
  const counter = { attempts: 0, open: (url: string) => (counter.attempts++, open(url)) };
  return counter;
}

describe('a wrong stream key', () => {
  it('is refreshed once, then ends with a fatal error that names the refusal, without retrying', async () => {
    const channel = channelTitled('Demo Live');
    const wrong = (suffix: string): TargetSpec[] => [
      { id: 'ingest-1', label: 'Sandbox ingest 1', url: `${sandbox.rtmpUrl}/not-a-key-${suffix}` },
      { id: 'ingest-2', label: 'Sandbox ingest 2', url: `${sandbox.rtmpUrl.replace('127.0.0.1', 'localhost')}/not-a-key-${suffix}` },
    ];
    const refreshed: TargetSpec[] = [];
    const publisher = countingPublisher();
    const rig = await startRig(perTest, 'local_wrong_key', {
      targets: {
        targets: async () => wrong('a'),
        refreshAfterAuthFailure: async (failed) => {
          refreshed.push(failed);
          return wrong('b');
        },
      },
      openPublisher: publisher.open,
    });
    encoders.publish(rig.publishUrl, 12);

    const fatal = await rig.events.waitFor('target-failed', 15_000, (event) => event.fatal);
    // The sandbox hangs up right after its Publish.Start: a clean close, a reset or a broken pipe, depending on timing.
    expect(fatal.reason).toMatch(/^The platform refused the stream key \(Sandbox ingest 1: (it closed the connection|the connection was reset|the connection broke) right after accepting the publish; the ingest refused the stream \(check the stream key\)\)\. Fetch a new key or check the channel\.$/);
    expect(await rig.events.waitFor('stopped', 5000)).toMatchObject({ reason: fatal.reason });
    expect(refreshed.map((target) => target.id)).toEqual(['ingest-1']);
    // One refused attempt with the first key, one with the fresh one; then nothing more.
    await delay(3000);
    expect(publisher.attempts).toBe(2);
    expect(rig.events.of('target-connecting')).toHaveLength(2);
    expect(rig.events.of('target-connected')).toEqual([]);
    expect(rig.events.of('target-failed').map((event) => event.fatal)).toEqual([false, true]);
    expect(rig.relay.stats().targets[0]).toMatchObject({ id: 'ingest-1', state: 'stopped' });
    expect(channel.status).toBe('offair');
    expect(rig.logger.lines.join('\n')).not.toMatch(/not-a-key|local_wrong_key/);
  }, 30_000);
});

describe('a good streaming key', () => {
  it('makes the channel live; an encoder restart within the grace keeps one outbound publish; after the grace the channel goes off air', async () => {
    const channel = channelTitled('Demo Live');
    const statuses: { status: ChannelStatus; at: number }[] = [];
    const onStatus = (changed: Channel, status: ChannelStatus): void => {
      if (changed.id === channel.id) statuses.push({ status, at: Date.now() });
    };
    sandbox.admin.store.on('channel-status', onStatus);
    perTest.add(() => sandbox.admin.store.off('channel-status', onStatus));
    // A fan-out copy to nginx, which records each publish it gets to its own file: it shows what a target
    // saw of the two encoder runs.
    const nginx = await startNginxRtmp();
    perTest.add(() => nginx.close());

    const graceMs = 3000;
    const publisher = countingPublisher();
    const targets = await ingestTargets(channel);
    const rig = await startRig(perTest, 'local_good_key', {
      targets: { targets: async () => targets, refreshAfterAuthFailure: async () => null },
      destinations: [{ id: 'copy', label: 'nginx copy', targets: fixedTargets([{ id: 'copy', label: 'nginx copy', url: `${nginx.url}/copy` }]) }],
      graceMs,
      openPublisher: publisher.open,
    });

    const firstRun = encoders.publish(rig.publishUrl, 3);
    await rig.events.waitFor('target-connected', 10_000, (event) => event.role === 'failover');
    await expect.poll(() => channel.status, { timeout: 5000 }).toBe('live');
    expect(await firstRun.exited).toBe(0);
    const leftAt = (await rig.ingestEvents.waitFor('encoder-disconnected', 2000)).at;

    await delay(1000);
    const secondRun = encoders.publish(rig.publishUrl, 2);
    await rig.ingestEvents.waitFor('encoder-connected', 5000, () => true, 1);
    expect(await secondRun.exited).toBe(0);
    const leftAgainAt = (await rig.ingestEvents.waitFor('encoder-disconnected', 2000, () => true, 1)).at;
    expect(leftAgainAt - leftAt).toBeGreaterThan(2500);
    // Live all along: one live, no off air in between, one connection per target.
    expect(statuses.map((change) => change.status)).toEqual(['live']);
    expect(publisher.attempts).toBe(2);
    expect(rig.events.of('target-connecting').map((event) => event.target.id).sort()).toEqual(['copy', 'ingest-1']);

    const ended = await rig.events.waitFor('session-ended', graceMs + 3000);
    expect(ended.at - leftAgainAt).toBeGreaterThanOrEqual(graceMs - 50);
    await expect.poll(() => channel.status, { timeout: 3000 }).toBe('offair');
    expect(statuses.map((change) => change.status)).toEqual(['live', 'offair']);
    expect(statuses[1]!.at - leftAgainAt).toBeGreaterThanOrEqual(graceMs - 50);

    // One publish on the copy, holding both runs and the gap, its timestamps never going back.
    const files = await nginx.recordings();
    expect(files).toHaveLength(1);
    const times = await packetTimes(files[0]!.path);
    // Audio and video interleave a few ms out of step; a restart from 0 would be seconds back.
    expect(times.every((time, index) => index === 0 || time >= times[index - 1]! - 0.05)).toBe(true);
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(3 + 1 + 2 - 0.5);
    const log = rig.logger.lines.join('\n');
    expect(log).not.toContain('local_good_key');
    expect(log).not.toContain(targets[0]!.url.split('/').at(-1));
  }, 40_000);
});
