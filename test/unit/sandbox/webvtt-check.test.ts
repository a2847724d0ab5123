import { describe, expect, it } from 'vitest';
import { checkWebVtt, describeVttProblem, parseVttTimestamp, type VttCheck } from '../../../sandbox/captions/webvtt-check.js';

const check = (text: string): VttCheck => checkWebVtt(new TextEncoder().encode(text));

/** The first problem of an invalid file, as `line: problem`. */
function firstProblem(text: string): { line: number; text: string; problem: string } {
  const result = check(text);
  if (result.valid) throw new Error('expected the file to be invalid');
  return result.problems[0]!;
}

describe('parseVttTimestamp', () => {
  it('reads hh:mm:ss.ttt and mm:ss.ttt, with hours of two or more digits', () => {
    expect(parseVttTimestamp('00:01:02.500')).toBe(62.5);
    expect(parseVttTimestamp('01:02.003')).toBeCloseTo(62.003);
    expect(parseVttTimestamp('100:00:00.000')).toBe(360_000);
  });

  it('refuses commas (SRT), short fields, one-digit hours and minutes or seconds over 59', () => {
    for (const bad of ['00:00:01,000', '0:00:01.000', '00:01.00', '00:1.000', '00:60.000', '00:00:61.000', '1.000', 'abc']) {
      expect(typeof parseVttTimestamp(bad), bad).toBe('string');
    }
  });
});

describe('checkWebVtt', () => {
  it('accepts a file with a header text, NOTE, STYLE, identifiers, settings and markup, and gives plain cues', () => {
    const result = check(
      [
        '\uFEFFWEBVTT - show captions',
        'Kind: captions',
        '',
        'STYLE',
        '::cue { color: yellow }',
        '',
        'NOTE written by hand',
        '',
        'intro',
        '00:00:01.000 --> 00:00:04.000 align:start position:10%,line-left line:0 size:50%',
        '<v Host>Hello &amp; <b>welcome</b> <00:00:02.000>to <c.loud>the show</c>',
        'second line',
        '',
        '01:00.000 --> 01:02.500 vertical:rl',
        'Bye &lt;3 & see you',
        '',
      ].join('\r\n'),
    );
    expect(result).toEqual({
      valid: true,
      cues: [
        { identifier: 'intro', start: 1, end: 4, text: 'Hello & welcome to the show second line' },
        { identifier: null, start: 60, end: 62.5, text: 'Bye <3 & see you' },
      ],
    });
  });

  it('needs the WEBVTT header, and says so on line 1 (with a hint for SRT files)', () => {
    expect(firstProblem('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toMatchObject({ line: 1, text: '1' });
    expect(firstProblem('1\n00:00:01,000 --> 00:00:02,000\nHi\n').problem).toMatch(/WEBVTT.*SRT/);
    expect(firstProblem('WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n')).toMatchObject({ line: 1 });
    expect(firstProblem('')).toMatchObject({ line: 1 });
  });

  it('names the line and text of a cue that ends before it starts', () => {
    const problem = firstProblem('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:05.000 --> 00:00:04.000\nbackwards\n');
    expect(problem).toMatchObject({ line: 6, text: '00:00:05.000 --> 00:00:04.000' });
    expect(describeVttProblem(problem)).toBe('line 6: the cue must end after it starts: "00:00:05.000 --> 00:00:04.000"');
  });

  it('refuses equal start and end, cues out of order, and bad timestamps with the reason', () => {
    expect(firstProblem('WEBVTT\n\n00:02.000 --> 00:02.000\nx\n').line).toBe(3);
    expect(firstProblem('WEBVTT\n\n00:05.000 --> 00:06.000\na\n\n00:01.000 --> 00:02.000\nb\n')).toMatchObject({ line: 6 });
    expect(firstProblem('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nx\n').problem).toMatch(/comma/);
    expect(firstProblem('WEBVTT\n\n00:00:01.000-->00:00:02.000\nx\n').problem).toMatch(/space/);
    expect(firstProblem('WEBVTT\n\n00:00:01.000 --> \nx\n').problem).toMatch(/end time/);
  });

  it('catches a cue glued to the header, a missing blank line between cues, and a line of spaces', () => {
    expect(firstProblem('WEBVTT\n00:01.000 --> 00:02.000\nx\n')).toMatchObject({ line: 2 });
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000\nx\n00:03.000 --> 00:04.000\ny\n')).toMatchObject({ line: 5 });
    const spaces = firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000\nx\n   \n00:03.000 --> 00:04.000\ny\n');
    expect(spaces).toMatchObject({ line: 5, text: '   ' });
  });

  it('refuses text outside cues, duplicate identifiers, unknown settings and tags, and STYLE after a cue', () => {
    expect(firstProblem('WEBVTT\n\nhello there\n')).toMatchObject({ line: 3 });
    expect(firstProblem('WEBVTT\n\na\n00:01.000 --> 00:02.000\nx\n\na\n00:03.000 --> 00:04.000\ny\n')).toMatchObject({ line: 7 });
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000 colour:red\nx\n').problem).toMatch(/not a cue setting/);
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000 align:middle\nx\n').problem).toMatch(/value/);
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000\n<font>x</font>\n')).toMatchObject({ line: 4 });
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000\nx </i>\n').problem).toMatch(/not open/);
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000\n<v>x\n').problem).toMatch(/speaker/);
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000\n1 < 2\n').problem).toMatch(/&lt;/);
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000\nx <00:05.000>y\n').problem).toMatch(/inside the cue/);
    expect(firstProblem('WEBVTT\n\n00:01.000 --> 00:02.000\nx\n\nSTYLE\n::cue {}\n')).toMatchObject({ line: 6 });
  });

  it('needs at least one cue, and UTF-8', () => {
    expect(firstProblem('WEBVTT\n\nNOTE nothing yet\n').problem).toMatch(/no cues/);
    const latin1 = Uint8Array.from([...new TextEncoder().encode('WEBVTT\n\n00:01.000 --> 00:02.000\n'), 0x63, 0x61, 0x66, 0xe9, 0x0a]);
    const result = checkWebVtt(latin1);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.problems[0]).toMatchObject({ line: 4 });
  });
});
