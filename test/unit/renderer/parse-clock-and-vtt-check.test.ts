import { describe, expect, it } from 'vitest';
import { parseClock } from '../../../renderer/src/parse-clock';
import { webVttProblem } from '../../../renderer/src/webvtt-light-check';

describe('parseClock', () => {
  it('reads seconds, m:ss and h:mm:ss, and nothing else', () => {
    expect(parseClock(' 90 ')).toBe(90);
    expect(parseClock('1:30')).toBe(90);
    expect(parseClock('1:01:30')).toBe(3690);
    for (const text of ['', '1:60', '-5', '1.5', '1:2:3:4', 'ten']) expect(parseClock(text)).toBeNull();
  });
});

describe('webVttProblem', () => {
  it('passes a file with the header and a cue, and says what is missing otherwise', () => {
    expect(webVttProblem('\uFEFFWEBVTT - talk\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n', 'a.vtt')).toBeNull();
    expect(webVttProblem('1\n00:00:01,000 --> 00:00:02,000\nHi\n', 'a.srt')).toContain('first line must be WEBVTT');
    expect(webVttProblem('WEBVTTX\n', 'b.vtt')).toContain('first line must be WEBVTT');
    expect(webVttProblem('WEBVTT\n\nNOTE nothing timed\n', 'c.vtt')).toContain('has no cues');
  });
});
