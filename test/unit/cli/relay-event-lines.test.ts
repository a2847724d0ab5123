// How a target's failure reads on a terminal and in --json lines: a certificate that is not trusted is its
// own kind (`kind: "untrusted"`), said with what happens next; other failures read as before.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../main/cli/command-context.js';
import { printRelayEvent } from '../../../main/cli/relay-event-lines.js';
import type { RelayEvent } from '../../../main/relay/relay-types.js';

function printed(json: boolean, event: RelayEvent): string {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  printRelayEvent({ json, out, profile: undefined } as unknown as CommandContext, event);
  return text;
}

const reason = "the ingest's certificate is not trusted: it is signed by an authority this computer does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE). Check it.";
const untrusted: RelayEvent = { event: 'target-failed', at: 1, destination: 'channel', target: { id: 'ingest-tls', label: 'Ingest RTMPS · tls.example.test' }, role: 'failover', kind: 'untrusted', reason, fatal: false };

describe('target-failed lines', () => {
  it('an untrusted certificate says so and that the next ingest is tried', () => {
    expect(printed(false, untrusted)).toBe(`Ingest RTMPS · tls.example.test was not used: ${reason} Trying the next ingest.\n`);
  });

  it('carries its kind in --json lines', () => {
    expect(JSON.parse(printed(true, untrusted))).toEqual({ event: 'target-failed', destination: 'channel', target: { id: 'ingest-tls', label: 'Ingest RTMPS · tls.example.test' }, role: 'failover', kind: 'untrusted', reason, fatal: false });
  });

  it('other failures read as before', () => {
    expect(printed(false, { ...untrusted, kind: 'unreachable', reason: 'nothing listens there (connection refused)' })).toBe(
      'Ingest RTMPS · tls.example.test failed: nothing listens there (connection refused)\n',
    );
  });
});

describe('congestion lines', () => {
  const congested: RelayEvent = { event: 'target-congested', at: 1, destination: 'twitch', target: { id: 'twitch-1', label: 'Twitch' }, role: 'fanout', backlogSeconds: 2.04, droppedFrames: 12, droppedGops: 0 };

  it('warn that a destination cannot keep up, and say when it has caught up', () => {
    expect(printed(false, congested)).toBe('[twitch] Twitch cannot keep up: 2.0 s of the stream waits for its link (12 frames dropped so far); frames are dropped to keep it live.\n');
    expect(printed(false, { ...congested, event: 'target-recovered', backlogSeconds: 0.4, droppedFrames: 300, droppedGops: 9 })).toBe('[twitch] Twitch has caught up (300 frames dropped in all).\n');
  });

  it('carry their figures in --json lines', () => {
    expect(JSON.parse(printed(true, congested))).toEqual({ event: 'target-congested', destination: 'twitch', target: { id: 'twitch-1', label: 'Twitch' }, role: 'fanout', backlogSeconds: 2.04, droppedFrames: 12, droppedGops: 0 });
  });
});

describe('destinations', () => {
  const connected: RelayEvent = { event: 'target-connected', at: 1, destination: 'also-1', target: { id: 'also-1-target-1', label: 'second.example.test (#1)' }, role: 'fanout' };

  it("names another destination's targets with it on a terminal", () => {
    expect(printed(false, connected)).toBe('Sending to [also-1] second.example.test (#1).\n');
    expect(printed(false, { ...connected, destination: 'main', role: 'failover', target: { id: 'target-1', label: 'first.example.test (#1)' } })).toBe('Sending to first.example.test (#1).\n');
  });

  it('carries the destination in --json lines', () => {
    expect(JSON.parse(printed(true, connected))).toEqual({ event: 'target-connected', destination: 'also-1', target: { id: 'also-1-target-1', label: 'second.example.test (#1)' }, role: 'fanout' });
    expect(JSON.parse(printed(true, { event: 'destination-removed', at: 1, destination: 'd-1', label: 'Second platform' }))).toEqual({ event: 'destination-removed', destination: 'd-1', label: 'Second platform' });
  });
});
