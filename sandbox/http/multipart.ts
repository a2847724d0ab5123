// A small multipart/form-data reader over a body the server has buffered (serve-router.ts caps bodies at
// 12 MB): a picture, or one 1 MiB part of an upload and its fields. It is not a streaming parser; the parts'
// data are views into the body, not copies. Parts are split on the boundary from the Content-Type header;
// each part's headers give its field name and content type.
export interface MultipartPart {
  readonly name: string;
  readonly filename: string | null;
  readonly contentType: string | null;
  readonly data: Buffer;
}

/** The boundary of a multipart/form-data content type, or null when the type is not multipart. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** The parts of a multipart body; null when the body is not well formed for that boundary. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | null {
  // RFC 2046: a delimiter is CRLF "--" boundary (only the first may open the body without the CRLF); a
  // part's bytes may hold "--" boundary anywhere else, which is data, not a delimiter.
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  let cursor: number; // just after a delimiter
  if (body.subarray(0, opening.length).equals(opening)) {
    cursor = opening.length;
  } else {
    const first = body.indexOf(delimiter);
    if (first < 0) return null;
    cursor = first + delimiter.length;
  }
  // Bounded: each pass moves the cursor past one more delimiter, or returns.
  for (;;) {
    if (body.subarray(cursor, cursor + 2).toString() === '--') return parts; // closing delimiter
    const next = body.indexOf(delimiter, cursor);
    if (next < 0) return null;
    // A part: CRLF, headers, CRLF CRLF, data (up to the CRLF of the next delimiter).
    const part = body.subarray(cursor + 2, next);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const headers = part.subarray(0, split).toString('utf8').split('\r\n');
    const disposition = headers.find((line) => /^content-disposition:/i.test(line)) ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    const type = headers.find((line) => /^content-type:/i.test(line))?.replace(/^content-type:\s*/i, '').trim() ?? null;
    parts.push({ name, filename, contentType: type, data: part.subarray(split + 4) });
    cursor = next + delimiter.length;
  }
}
