// One byte range of a `Range: bytes=...` request header (RFC 9110, 14.1.2), so a client can resume a
// download. Several ranges in one header are rare for downloads; they are answered with the whole file.
export interface ByteRange {
  readonly start: number;
  /** Inclusive. */
  readonly end: number;
}

/** The range asked for, 'unsatisfiable' (416), or null to send the whole file (no header, or one this reader does not take). */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header === undefined ? null : /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // A last position before the first makes the header invalid, and an invalid Range is ignored.
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
