// How a connection's congestion reaches the relay's events and stats: the session's listener becomes
// target-congested / target-recovered with the destination and the figures, its send buffer fills the
// target's stats row, and what it dropped is kept in the target's totals after the connection ends.
import { setImmediate as tick } from 'node:timers/promises';
import { expect, it } from 'vitest';
import type { CongestionListener, SendBufferStats } from '../../../main/relay/outbound-buffer.js';
import type { IngestSink } from '../../../main/relay/local-ingest.js';
import { PublishFailure } from '../../../main/relay/publish-failure.js';
import { createRelay, fixedTargets } from '../../../main/relay/relay.js';
import type { RelayEvent } from '../../../main/relay/relay-types.js';
import type { OutboundSession } from '../../../main/relay/rtmp-publisher.js';
import { packets } from './packets.js';

class CongestedSession implements OutboundSession {
  readonly accepted = Promise.resolve(null);
  readonly lost: Promise<PublishFailure>;
  bytesSent = 0;
  buffer: SendBufferStats = { bytes: 0, backlogSeconds: 0, drainSeconds: 0, droppedFrames: 0, droppedGops: 0, congested: false };
  listener: CongestionListener | null = null;
  drop: (failure: PublishFailure) => void = () => undefined;

  constructor() {
    this.lost = new Promise((resolve) => (this.drop = resolve));
  }

  send(): void {}
  sendBuffer(): SendBufferStats {
    return this.buffer;
  }
  onCongestion(listener: CongestionListener): void {
    this.listener = listener;
  }
  async close(): Promise<void> {}

  tell(buffer: SendBufferStats): void {
    this.buffer = buffer;
    this.listener!(buffer.congested, buffer);
  }
}

it('a congested connection is told as target-congested and target-recovered, and shows in the target stats', async () => {
  const sessions: CongestedSession[] = [];
  let sink: IngestSink | null = null;
  const events: RelayEvent[] = [];
  const relay = createRelay({
    ingest: { subscribe: (given) => ((sink = given), () => undefined) },
    targets: fixedTargets([{ id: 'a', label: 'Ingest a', url: 'rtmp://ingest.example/live/a' }]),
    onEvent: (event) => events.push(event),
    openPublisher: async () => {
      sessions.push(new CongestedSession());
      return sessions.at(-1)!;
    },
    sleep: async () => undefined,
  });
  await relay.start();
  sink!.started();
  for (const packet of [packets.metadata(), packets.videoConfig(), packets.audioConfig(), packets.keyframe(0)]) sink!.packet(packet);
  for (let turn = 0; turn < 10 && !events.some((event) => event.event === 'target-connected'); turn += 1) await tick();

  const session = sessions[0]!;
  session.tell({ bytes: 900_000, backlogSeconds: 2.1, drainSeconds: 3.6, droppedFrames: 12, droppedGops: 0, congested: true });
  expect(events.at(-1)).toMatchObject({ event: 'target-congested', target: { id: 'a' }, role: 'failover', backlogSeconds: 2.1, droppedFrames: 12, droppedGops: 0 });
  expect(events.at(-1)).toHaveProperty('destination');
  expect(relay.stats().targets[0]).toMatchObject({ id: 'a', sendBufferBytes: 900_000, drainSeconds: 3.6, droppedFrames: 12, droppedGops: 0, congested: true });

  session.tell({ bytes: 1000, backlogSeconds: 0.2, drainSeconds: 0, droppedFrames: 40, droppedGops: 2, congested: false });
  expect(events.at(-1)).toMatchObject({ event: 'target-recovered', target: { id: 'a' }, backlogSeconds: 0.2, droppedFrames: 40, droppedGops: 2 });
  expect(relay.stats().targets[0]).toMatchObject({ congested: false, droppedGops: 2 });

  // The connection ends: its drops stay in the target's totals, the next connection's come on top.
  session.drop(new PublishFailure('dropped', 'the connection was reset'));
  for (let turn = 0; turn < 20 && sessions.length < 2; turn += 1) await tick();
  expect(sessions).toHaveLength(2);
  sessions[1]!.buffer = { bytes: 0, backlogSeconds: 0, drainSeconds: null, droppedFrames: 3, droppedGops: 1, congested: false };
  for (let turn = 0; turn < 10 && events.filter((event) => event.event === 'target-connected').length < 2; turn += 1) await tick();
  expect(relay.stats().targets[0]).toMatchObject({ droppedFrames: 43, droppedGops: 3, sendBufferBytes: 0, drainSeconds: null });
  await relay.stop('test over');
});
