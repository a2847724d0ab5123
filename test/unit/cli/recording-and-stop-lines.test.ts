// One line per fact (issue 22): the relay's own `stopped` for a stop a signal asked is told once, last, with
// the signal; a stop the relay made by itself is told as it happens. The recorder's events read as one
// `recording` line each, with the video id; the limit's warning is told by the stop that follows it.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../main/cli/command-context.js';
import { printRecorderEvent } from '../../../main/cli/recording-event-lines.js';
import { relayEventPrinter } from '../../../main/cli/relay-event-lines.js';

function context(json: boolean): { context: CommandContext; lines: () => string[] } {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { context: { json, out, profile: undefined } as unknown as CommandContext, lines: () => text.split('\n').filter((line) => line !== '') };
}

describe('the stopped line', () => {
  it("is one line, last, with the signal and the relay's reason", () => {
    const { context: json, lines } = context(true);
    const printer = relayEventPrinter(json);
    printer.stopping('SIGINT');
    printer.print({ event: 'stopped', at: 1, reason: 'ended by you' });
    printer.print({ event: 'encoder-disconnected', at: 2, reason: 'the local ingest closed' });
    printer.stopped();
    expect(lines().map((line) => JSON.parse(line) as unknown)).toEqual([
      { event: 'encoder-disconnected', reason: 'the local ingest closed' },
      { event: 'stopped', signal: 'SIGINT', reason: 'ended by you' },
    ]);
  });

  it('a stop the relay made by itself is told when it happens', () => {
    const { context: json, lines } = context(true);
    const printer = relayEventPrinter(json);
    printer.print({ event: 'stopped', at: 1, reason: 'every ingest refused the key' });
    expect(lines()).toEqual(['{"event":"stopped","reason":"every ingest refused the key"}']);
  });
});

describe('recording lines', () => {
  const video = { id: '9001', url: 'http://127.0.0.1/recorded/9001' };

  it('tell the start and the stop with the video id', () => {
    const { context: json, lines } = context(true);
    printRecorderEvent(json, { type: 'recording-started', channelId: '5002', trigger: 'record-when-live', since: 100, videoId: '9001', limitSeconds: 3600 });
    printRecorderEvent(json, { type: 'recording-limit-reached', channelId: '5002', limitSeconds: 3600 });
    printRecorderEvent(json, { type: 'recording-stopped', channelId: '5002', video, reason: 'limit-reached' });
    expect(lines().map((line) => JSON.parse(line) as unknown)).toEqual([
      { event: 'recording', state: 'started', channelId: '5002', videoId: '9001', trigger: 'record-when-live', since: 100, limitSeconds: 3600 },
      { event: 'recording', state: 'stopped', channelId: '5002', videoId: '9001', url: video.url, reason: 'limit-reached' },
    ]);
  });

  it('read as sentences on a terminal', () => {
    const { context: terminal, lines } = context(false);
    printRecorderEvent(terminal, { type: 'recording-started', channelId: '5002', trigger: 'manual', since: 100, videoId: null, limitSeconds: 7200 });
    printRecorderEvent(terminal, { type: 'recording-stopped', channelId: '5002', video, reason: 'broadcast-ended' });
    printRecorderEvent(terminal, { type: 'recording-failed', channelId: '5002', action: 'start', error: new Error('The channel 5002 is off air.') });
    expect(lines()).toEqual([
      'Recording the channel (for up to 120 min).',
      `Recording stopped (the broadcast ended): video 9001, ${video.url}`,
      'The recording could not be started: The channel 5002 is off air.',
    ]);
  });
});
