// `--bridge SECONDS|off` as the relay and live commands read it, the bridge's lines on a terminal and in
// --json, and `off` leaving the ingest and the relay's own grace as they were.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseBridgeOption } from '../../../main/cli/bridge-option.js';
import { UsageError, type CommandContext } from '../../../main/cli/command-context.js';
import { printRelayEvent } from '../../../main/cli/relay-event-lines.js';
import { withBridge } from '../../../main/relay/bridge-setup.js';
import type { BridgeEvent } from '../../../main/relay/encoder-bridge.js';

function printed(json: boolean, event: BridgeEvent): string {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  printRelayEvent({ json, out, profile: undefined } as unknown as CommandContext, event);
  return text;
}

describe('--bridge', () => {
  it('takes seconds or off', () => {
    expect(parseBridgeOption(undefined)).toBeUndefined();
    expect(parseBridgeOption('off')).toBeNull();
    expect(parseBridgeOption('60')).toBe(60_000);
    expect(parseBridgeOption('1')).toBe(1000);
    for (const wrong of ['0', '-5', '2.5', 'forever', '3601', '']) expect(() => parseBridgeOption(wrong), wrong).toThrow(UsageError);
    expect(() => parseBridgeOption('forever')).toThrow('--bridge takes a number of seconds from 1 to 3600, or off (got forever)');
  });

  it('off leaves the ingest to the relay and its grace window', async () => {
    const ingest = { subscribe: () => () => undefined };
    const setup = await withBridge(ingest, { windowMs: null });
    expect(setup.ingest).toBe(ingest);
    expect(setup.graceMs).toBeUndefined();
    expect(setup.holding()).toBeNull();
  });

  it('on puts the bridge in front and ends at once past its window', async () => {
    const ingest = { subscribe: () => () => undefined };
    const setup = await withBridge(ingest, { windowMs: 5000 });
    expect(setup.ingest).not.toBe(ingest);
    expect(setup.graceMs).toBe(0);
  });

  it('says when the bridge holds and why it ended', () => {
    expect(printed(false, { event: 'bridge-started', at: 1, windowMs: 60_000, slate: '1280x720@30' })).toBe('Encoder lost: sending the holding slate (1280x720@30) for up to 60 s while it comes back.\n');
    expect(printed(false, { event: 'bridge-ended', at: 2, reason: 'encoder-back' })).toBe('Encoder back: the stream goes on from its first keyframe.\n');
    expect(printed(false, { event: 'bridge-ended', at: 2, reason: 'timeout' })).toBe('The encoder did not come back in time: ending the stream.\n');
    expect(JSON.parse(printed(true, { event: 'bridge-ended', at: 2, reason: 'timeout' }))).toEqual({ event: 'bridge-ended', reason: 'timeout' });
    expect(JSON.parse(printed(true, { event: 'bridge-started', at: 1, windowMs: 60_000, slate: '1280x720@30' }))).toEqual({ event: 'bridge-started', windowMs: 60_000, slate: '1280x720@30' });
  });
});
