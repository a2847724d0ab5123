// A caption file looked at before it is sent: only what tells a WebVTT file from something else (the
// platform checks the rules and names the line it stops at).

/** A sentence when the text is plainly not WebVTT, else null. */
export function webVttProblem(text: string, fileName: string): string | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0] ?? '')) return `${fileName} is not a WebVTT file: its first line must be WEBVTT. Export the captions as WebVTT (.vtt) and try again.`;
  if (!lines.some((line) => line.includes('-->'))) return `${fileName} has no cues: a WebVTT file needs timed lines like "00:01.000 --> 00:04.000" followed by the text.`;
  return null;
}
