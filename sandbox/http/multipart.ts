// A small multipart/form-data reader: enough for one file field (the channel picture). Parts are split on
// the boundary from the Content-Type header; each part's headers give its field name and content type.
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
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  if (start < 0) return null;
  for (;;) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') return parts; // closing delimiter
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next < 0) return null;
    // A part: CRLF, headers, CRLF CRLF, data, CRLF (before the next delimiter).
    const part = body.subarray(afterDelimiter + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const headers = part.subarray(0, split).toString('utf8').split('\r\n');
    const disposition = headers.find((line) => /^content-disposition:/i.test(line)) ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    const type = headers.find((line) => /^content-type:/i.test(line))?.replace(/^content-type:\s*/i, '').trim() ?? null;
    parts.push({ name, filename, contentType: type, data: part.subarray(split + 4) });
    start = next;
  }
}
