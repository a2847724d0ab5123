// The rules a part of an HTTP upload must follow (docs/sandbox.md, "Upload in parts"), apart from any state:
// every part is exactly PART_SIZE bytes except the last, which holds the rest; the totals a client gives
// must agree with each other; files over MAX_FILE_SIZE are refused. Each refusal says what is wrong, in the
// `hint` the platform's 400 answers carry, so a client's author can fix the request without guessing.

/** "1 MB" in the platform's docs; binary, as the app's transport cuts files (1,048,576 bytes). */
export const PART_SIZE = 1024 * 1024;
/** "10 GB" in the platform's docs, read as 10 GiB (10 × 1024³ bytes): the largest file accepted, inclusive. */
export const MAX_FILE_SIZE = 10 * 1024 ** 3;

/** A refusal with the hint the platform adds to it; the routes turn it into `{error, error_description, hint}`. */
export class UploadRejected extends Error {
  override readonly name = 'UploadRejected';
  constructor(
    readonly status: number,
    readonly error: string,
    readonly hint: string,
  ) {
    super(`${status} ${error}: ${hint}`);
  }
}

export const badRequest = (hint: string): UploadRejected => new UploadRejected(400, 'bad_request', hint);

/** A part as the client described it (the multipart form's fields). */
export interface PartFields {
  readonly uploadId: string;
  readonly partIndex: number;
  readonly totalPartCount: number;
  readonly totalFileSize: number;
  readonly bytes: Buffer;
}

/** What the upload already knows of the file: the totals the first accepted part gave, if any. */
export interface KnownTotals {
  readonly totalPartCount: number | null;
  readonly totalFileSize: number | null;
}

/** A whole number field at least `least`; its absence or any other shape is a 400 that names the field. */
export function wholeNumber(value: string | null, name: string, least: number): number {
  if (value === null || value.trim() === '') throw badRequest(`The field ${name} is missing; send it as a whole number of at least ${least}.`);
  const text = value.trim();
  const number = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(number)) throw badRequest(`The field ${name} must be a whole number (got ${JSON.stringify(value)}).`);
  if (number < least) throw badRequest(`The field ${name} must be at least ${least} (got ${number}).`);
  return number;
}

/** How many parts a file of `size` bytes is cut into. */
export function partCountFor(size: number): number {
  return Math.ceil(size / PART_SIZE);
}

/** The byte count part `index` must have in a file of `size` bytes. */
export function partSizeAt(index: number, size: number): number {
  return Math.min(PART_SIZE, size - index * PART_SIZE);
}

/** 413 over the size limit: checked before anything else about the part, so a too-large file never gets far. */
export function checkFileSize(totalFileSize: number): void {
  if (totalFileSize > MAX_FILE_SIZE) {
    throw new UploadRejected(413, 'file_too_large', `totalFileSize is ${totalFileSize} bytes; the largest file accepted is 10 GiB (${MAX_FILE_SIZE} bytes).`);
  }
}

/** A part that does not fit the file it claims to belong to is a 400 with the first thing wrong in its hint. */
export function checkPart(known: KnownTotals, part: PartFields): void {
  const { partIndex, totalPartCount, totalFileSize } = part;
  const expectedCount = partCountFor(totalFileSize);
  if (totalPartCount !== expectedCount) {
    throw badRequest(`totalPartCount is ${totalPartCount}, but a file of ${totalFileSize} bytes in parts of ${PART_SIZE} bytes has ${expectedCount}.`);
  }
  if (known.totalFileSize !== null && known.totalFileSize !== totalFileSize) {
    throw badRequest(`totalFileSize changed between parts: earlier parts said ${known.totalFileSize} bytes, this one says ${totalFileSize}. Start a new upload for a different file.`);
  }
  if (known.totalPartCount !== null && known.totalPartCount !== totalPartCount) {
    throw badRequest(`totalPartCount changed between parts: earlier parts said ${known.totalPartCount}, this one says ${totalPartCount}.`);
  }
  if (partIndex >= totalPartCount) {
    throw badRequest(`partIndex ${partIndex} is out of range: a file of ${totalPartCount} parts has indexes 0 to ${totalPartCount - 1}.`);
  }
  const expectedSize = partSizeAt(partIndex, totalFileSize);
  if (part.bytes.length !== expectedSize) {
    const which = partIndex === totalPartCount - 1 ? `the last part (${partIndex}) holds the rest of the file` : `every part but the last is exactly ${PART_SIZE} bytes (1 MiB)`;
    throw badRequest(`The part ${partIndex} has ${part.bytes.length} bytes, expected ${expectedSize}: ${which}.`);
  }
}

/** The first index in [0, count) not in `received` (ascending), or null when all are there. */
export function firstMissing(received: readonly number[], count: number): number | null {
  for (let index = 0; index < count; index += 1) if (received[index] !== index) return index;
  return null;
}
