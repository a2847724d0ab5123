// How a command tells a rate-limit wait: a line on stderr, or a `waiting` event line with --json (on stderr
// still for a command whose stdout is one answer).
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../main/cli/command-context.js';
import { platformWaitPrinter } from '../../../main/cli/wait-lines.js';
import { platformWait } from '../../../main/platform/rate-limit-gate.js';

function context(json: boolean): { context: CommandContext; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const sink = (into: string[]) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        into.push(chunk.toString());
        done();
      },
    });
  return { context: { json, profile: undefined, out: sink(out), err: sink(err), logger: undefined as never }, out, err };
}

const wait = platformWait('GET /channels/<channel_id>.<format>', 22_300, Date.parse('2026-03-01T12:00:00Z'), '429');

describe('platformWaitPrinter', () => {
  it('writes the sentence on stderr without --json', () => {
    const { context: ctx, out, err } = context(false);
    platformWaitPrinter(ctx, 'events')(wait);
    expect(out).toEqual([]);
    expect(err).toEqual(['The platform asks us to wait 23 s (GET /channels/<channel_id>.<format>).\n']);
  });

  it('writes a waiting event line with --json, or stderr for a command whose stdout is the answer', () => {
    const events = context(true);
    platformWaitPrinter(events.context, 'events')(wait);
    expect(events.err).toEqual([]);
    expect(events.out.map((line) => JSON.parse(line) as unknown)).toEqual([
      { event: 'waiting', seconds: 23, endpoint: 'GET /channels/<channel_id>.<format>', until: '2026-03-01T12:00:22.300Z', message: 'The platform asks us to wait 23 s (GET /channels/<channel_id>.<format>).' },
    ]);
    const answer = context(true);
    platformWaitPrinter(answer.context, 'stderr')(wait);
    expect(answer.out).toEqual([]);
    expect(answer.err).toHaveLength(1);
  });
});
