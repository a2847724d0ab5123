// A WebVTT checker (W3C WebVTT, "file structure" and "cue timings"): what the platform's `not_valid_vtt`
// guards against. It reports where a file breaks the rules, by line, so the streamer can fix the file; a
// browser's parser would silently drop or merge cues instead. Valid files give their cues as plain text,
// which the video search reads.

export interface VttCue {
  readonly identifier: string | null;
  /** Seconds. */
  readonly start: number;
  /** Seconds; after `start`. */
  readonly end: number;
  /** The cue text without markup, its lines joined by a space, character references decoded. */
  readonly text: string;
}

export interface VttProblem {
  /** 1-based line number in the file. */
  readonly line: number;
  /** The line as written (cut to 80 characters). */
  readonly text: string;
  readonly problem: string;
}

export type VttCheck = { readonly valid: true; readonly cues: VttCue[] } | { readonly valid: false; readonly problems: VttProblem[] };

/** A problem as one sentence: `line 7: the cue ends before it starts: "00:05.000 --> 00:04.000"`. */
export function describeVttProblem(problem: VttProblem): string {
  return `line ${problem.line}: ${problem.problem}: ${JSON.stringify(problem.text)}`;
}

const TIMESTAMP = /^(?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3})$/;
const KNOWN_TAGS = new Set(['c', 'i', 'b', 'u', 'v', 'lang', 'ruby', 'rt']);
const TAGS_NEEDING_ANNOTATION = new Set(['v', 'lang']);
const NAMED_REFERENCES: Record<string, string> = { amp: '&', lt: '<', gt: '>', lrm: '\u200e', rlm: '\u200f', nbsp: '\u00a0', quot: '"', apos: "'" };
const MAX_SHOWN = 80;

export function checkWebVtt(bytes: Uint8Array): VttCheck {
  const decoded = decodeUtf8(bytes);
  if (typeof decoded !== 'string') return { valid: false, problems: [decoded] };
  return new Checker(decoded).run();
}

/** The text, or the first line that is not UTF-8 (WebVTT files are UTF-8 only). */
function decodeUtf8(bytes: Uint8Array): string | VttProblem {
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    return strict.decode(bytes);
  } catch {
    const lenient = new TextDecoder('utf-8');
    let line = 1;
    let start = 0;
    for (let index = 0; index <= bytes.length; index += 1) {
      if (index === bytes.length || bytes[index] === 0x0a) {
        const slice = bytes.subarray(start, index);
        try {
          strict.decode(slice);
        } catch {
          return { line, text: shown(lenient.decode(slice)), problem: 'the file must be UTF-8 text, and this line is not' };
        }
        line += 1;
        start = index + 1;
      }
    }
    return { line: 1, text: '', problem: 'the file must be UTF-8 text' };
  }
}

function shown(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/** Seconds, or a sentence saying what is wrong with the timestamp. */
export function parseVttTimestamp(text: string): number | string {
  if (text.includes(',')) return `${JSON.stringify(text)} uses a comma: WebVTT writes the milliseconds after a full stop (00:01:02.500)`;
  const match = TIMESTAMP.exec(text);
  if (!match) {
    if (/^(?:\d+:)?\d+:\d+\.\d+$/.test(text)) return `${JSON.stringify(text)} is not hh:mm:ss.ttt or mm:ss.ttt (two digits for minutes and seconds, three for milliseconds)`;
    return `${JSON.stringify(text)} is not a timestamp (hh:mm:ss.ttt or mm:ss.ttt)`;
  }
  const [, hours, minutes, seconds, millis] = match;
  if (Number(minutes) > 59 || Number(seconds) > 59) return `${JSON.stringify(text)}: minutes and seconds run from 00 to 59`;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

class Checker {
  readonly #lines: string[];
  readonly #problems: VttProblem[] = [];
  readonly #cues: VttCue[] = [];
  readonly #identifiers = new Set<string>();
  #previousStart = 0;

  constructor(text: string) {
    this.#lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  }

  run(): VttCheck {
    let index = this.#header();
    while (index < this.#lines.length) {
      if (this.#lines[index] === '') {
        index += 1;
        continue;
      }
      const start = index;
      while (index < this.#lines.length && this.#lines[index] !== '') index += 1;
      this.#block(start, index);
    }
    if (this.#problems.length === 0 && this.#cues.length === 0) this.#report(0, 'the file holds no cues: a caption needs at least one');
    return this.#problems.length > 0 ? { valid: false, problems: this.#problems } : { valid: true, cues: this.#cues };
  }

  #report(index: number, problem: string): void {
    const at = Math.max(0, Math.min(index, this.#lines.length - 1));
    this.#problems.push({ line: at + 1, text: shown(this.#lines[at] ?? ''), problem });
  }

  /** The WEBVTT line and the header text after it; returns the index of the first line after the header. */
  #header(): number {
    const first = this.#lines[0] ?? '';
    if (!/^WEBVTT(?:[ \t].*)?$/.test(first)) {
      const hint = /^\d+$/.test(first.trim()) ? ' (this looks like an SRT file: convert it to WebVTT)' : '';
      this.#report(0, `the file must start with "WEBVTT"${hint}`);
    }
    let index = 1;
    while (index < this.#lines.length && this.#lines[index] !== '') {
      if (this.#lines[index]!.includes('-->')) {
        // A browser reads this cue as part of the header and drops it.
        this.#report(index, 'a blank line must separate the WEBVTT header from the first cue');
        return index;
      }
      index += 1;
    }
    return index;
  }

  /** Lines [start, end): one block between blank lines. */
  #block(start: number, end: number): void {
    const first = this.#lines[start]!;
    if (/^NOTE(?:[ \t]|$)/.test(first)) {
      this.#noArrow(start + (first.includes('-->') ? 0 : 1), end, 'a NOTE must not contain "-->"');
      return;
    }
    if (/^(?:STYLE|REGION)[ \t]*$/.test(first)) {
      if (this.#cues.length > 0) this.#report(start, `${first.trim()} blocks must come before the first cue`);
      this.#noArrow(start + 1, end, `a ${first.trim()} block must not contain "-->"`);
      return;
    }
    let timing = start;
    let identifier: string | null = null;
    if (!first.includes('-->')) {
      if (start + 1 >= end || !this.#lines[start + 1]!.includes('-->')) {
        this.#report(start, 'this text belongs to no cue: a cue starts with a timing line such as "00:00:01.000 --> 00:00:04.000" (separate cues with one empty line)');
        return;
      }
      identifier = first;
      timing = start + 1;
      if (this.#identifiers.has(identifier)) this.#report(start, 'two cues have this identifier: cue identifiers must be unique');
      this.#identifiers.add(identifier);
    }
    const times = this.#timing(timing);
    const text: string[] = [];
    for (let index = timing + 1; index < end; index += 1) {
      const line = this.#lines[index]!;
      if (line.includes('-->')) {
        const previous = this.#lines[index - 1]!;
        if (index - 1 > timing && previous.trim() === '') this.#report(index - 1, 'a line between cues must be empty, and this one holds spaces or tabs');
        else this.#report(index, 'cue text must not contain "-->": end the previous cue with an empty line before the next timing line');
        return;
      }
      if (line.includes('\0')) this.#report(index, 'the cue text holds a NUL character');
      const plain = this.#cueText(index, line, times);
      if (plain.trim() !== '') text.push(plain.trim());
    }
    if (times) this.#cues.push({ identifier, start: times.start, end: times.end, text: text.join(' ') });
  }

  #noArrow(from: number, end: number, problem: string): void {
    for (let index = from; index < end; index += 1) {
      if (this.#lines[index]!.includes('-->')) {
        this.#report(index, problem);
        return;
      }
    }
  }

  /** The cue timing line: `start --> end [settings]`. */
  #timing(index: number): { start: number; end: number } | null {
    const line = this.#lines[index]!;
    const match = /^(\S*)([ \t]*)-->([ \t]*)(\S*)(.*)$/.exec(line);
    if (!match) {
      this.#report(index, 'a cue timing line is "start --> end", e.g. "00:00:01.000 --> 00:00:04.000"');
      return null;
    }
    const [, startText = '', before = '', after = '', endText = '', rest = ''] = match;
    if (before === '' || after === '') {
      this.#report(index, '"-->" needs a space or tab on each side');
      return null;
    }
    const start = parseVttTimestamp(startText);
    if (typeof start === 'string') {
      this.#report(index, `the cue start time ${start}`);
      return null;
    }
    const end = parseVttTimestamp(endText);
    if (typeof end === 'string') {
      this.#report(index, `the cue end time ${end}`);
      return null;
    }
    if (end <= start) {
      this.#report(index, 'the cue must end after it starts');
      return null;
    }
    if (start < this.#previousStart) {
      this.#report(index, 'cues must be in order of their start times, and this cue starts before the previous one');
      return null;
    }
    this.#previousStart = start;
    if (rest !== '' && !/^[ \t]/.test(rest)) {
      this.#report(index, 'cue settings must be separated from the end time by a space');
      return null;
    }
    const problem = checkCueSettings(rest.trim());
    if (problem !== null) {
      this.#report(index, problem);
      return null;
    }
    return { start, end };
  }

  /** Checks the markup of one line of cue text; returns the line as plain text. */
  #cueText(index: number, line: string, times: { start: number; end: number } | null): string {
    const open: string[] = [];
    let plain = '';
    let position = 0;
    while (position < line.length) {
      const lt = line.indexOf('<', position);
      if (lt < 0) {
        plain += line.slice(position);
        break;
      }
      plain += line.slice(position, lt);
      const close = line.indexOf('>', lt);
      if (close < 0) {
        this.#report(index, '"<" starts a tag that never ends: write &lt; for a less-than sign');
        return decodeReferences(plain);
      }
      const problem = checkTag(line.slice(lt + 1, close), open, times);
      if (problem !== null) {
        this.#report(index, problem);
        return decodeReferences(plain);
      }
      position = close + 1;
    }
    return decodeReferences(plain);
  }
}

/** The settings after the end time: each known, each at most once, each with a value it takes. */
function checkCueSettings(settings: string): string | null {
  if (settings === '') return null;
  const seen = new Set<string>();
  for (const setting of settings.split(/[ \t]+/)) {
    const colon = setting.indexOf(':');
    const name = colon < 0 ? setting : setting.slice(0, colon);
    const value = colon < 0 ? '' : setting.slice(colon + 1);
    if (seen.has(name)) return `the cue setting ${name} appears twice`;
    seen.add(name);
    const valid = SETTING_VALUES[name];
    if (!valid) return `${JSON.stringify(setting)} is not a cue setting (vertical, line, position, size, align, region)`;
    if (colon < 0 || !valid(value)) return `${JSON.stringify(setting)} has a value the ${name} setting does not take`;
  }
  return null;
}

const percentage = (text: string): boolean => /^\d+(?:\.\d+)?%$/.test(text) && Number(text.slice(0, -1)) <= 100;
const SETTING_VALUES: Readonly<Record<string, (value: string) => boolean>> = {
  vertical: (value) => value === 'rl' || value === 'lr',
  line: (value) => {
    const [where = '', alignment, extra] = value.split(',');
    return extra === undefined && (percentage(where) || /^-?\d+$/.test(where)) && (alignment === undefined || ['start', 'center', 'end'].includes(alignment));
  },
  position: (value) => {
    const [where = '', alignment, extra] = value.split(',');
    return extra === undefined && percentage(where) && (alignment === undefined || ['line-left', 'center', 'line-right'].includes(alignment));
  },
  size: percentage,
  align: (value) => ['start', 'center', 'end', 'left', 'right'].includes(value),
  region: (value) => value !== '' && !value.includes('-->'),
};

/** One tag's inside (between `<` and `>`): a timestamp, a start tag or an end tag of cue markup. */
function checkTag(inside: string, open: string[], times: { start: number; end: number } | null): string | null {
  if (/^[\d:.,]+$/.test(inside)) {
    const at = parseVttTimestamp(inside);
    if (typeof at === 'string') return `the timestamp tag ${at}`;
    if (times && (at <= times.start || at >= times.end)) return `the timestamp tag <${inside}> must lie inside the cue's own times`;
    return null;
  }
  if (inside.startsWith('/')) {
    const name = inside.slice(1);
    if (!KNOWN_TAGS.has(name)) return `</${name}> is not a WebVTT tag (c, i, b, u, v, lang, ruby, rt)`;
    const at = open.lastIndexOf(name);
    if (at < 0) return `</${name}> closes a tag that is not open`;
    open.length = at;
    return null;
  }
  const match = /^([a-z]+)((?:\.[^\s.]+)*)(?:[ \t]+(.*))?$/.exec(inside);
  if (!match || !KNOWN_TAGS.has(match[1]!)) {
    return `<${inside}> is not a WebVTT tag (c, i, b, u, v, lang, ruby, rt): write &lt; for a less-than sign`;
  }
  const name = match[1]!;
  if (TAGS_NEEDING_ANNOTATION.has(name) && (match[3] ?? '').trim() === '') return `<${name}> needs ${name === 'v' ? "the speaker's name" : 'a language'} after the tag name`;
  open.push(name);
  return null;
}

/** WebVTT's escapes and HTML character references; a bare `&` is read as itself, as browsers do. */
function decodeReferences(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (decimal !== undefined || hex !== undefined) {
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[name!.toLowerCase()] ?? whole;
  });
}
