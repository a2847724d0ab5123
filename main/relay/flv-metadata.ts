// The onMetaData tag an FLV file starts with, made from the encoder's: without the RTMP-only
// `@setDataFrame` wrapper (a file's data tag names its handler first), and with `duration` and `filesize`
// numbers whose places in the body are known, so a writer can fill them in when the file is closed.
// The encoder's fields are kept byte for byte; only a small AMF0 walk finds where its list ends.

export interface FileMetadata {
  /** The tag body: AMF0 "onMetaData" then an ECMA array (or object). */
  readonly body: Buffer;
  /** Where in `body` the 8-byte double of `duration` starts; null when it could not be placed. */
  readonly durationAt: number | null;
  readonly filesizeAt: number | null;
}

const ON_METADATA = 'onMetaData';
const SET_DATA_FRAME = '@setDataFrame';
/** AMF0 markers this walk knows. */
const AMF0 = { number: 0x00, boolean: 0x01, string: 0x02, object: 0x03, null: 0x05, undefined: 0x06, ecmaArray: 0x08, objectEnd: 0x09, strictArray: 0x0a, date: 0x0b, longString: 0x0c } as const;

/** The file's metadata: the encoder's (`payload`, as it came over RTMP) when it reads, else a list of our own. */
export function fileMetadata(payload: Buffer | null): FileMetadata {
  const body = payload === null ? null : withoutDataFrame(payload);
  return (body !== null ? withSizeFields(body) : null) ?? withSizeFields(ownMetadata())!;
}

function withoutDataFrame(payload: Buffer): Buffer | null {
  const first = amfString(payload, 0);
  if (first === null) return null;
  const body = first.value === SET_DATA_FRAME ? payload.subarray(first.end) : payload;
  return amfString(body, 0)?.value === ON_METADATA ? body : null;
}

function ownMetadata(): Buffer {
  const name = Buffer.from(ON_METADATA, 'latin1');
  const head = Buffer.alloc(3);
  head.writeUInt8(AMF0.string, 0);
  head.writeUInt16BE(name.length, 1);
  const list = Buffer.from([AMF0.ecmaArray, 0, 0, 0, 0, 0, 0, AMF0.objectEnd]);
  return Buffer.concat([head, name, list]);
}

/** The body with `duration` and `filesize` numbers in its top-level list (added before its end when missing). */
function withSizeFields(body: Buffer): FileMetadata | null {
  const listAt = amfString(body, 0)!.end;
  const marker = body[listAt];
  if (marker !== AMF0.ecmaArray && marker !== AMF0.object) return null;
  const entriesAt = listAt + (marker === AMF0.ecmaArray ? 5 : 1);
  const walked = walkEntries(body, entriesAt);
  if (walked === null) return null;
  const missing = (['duration', 'filesize'] as const).filter((key) => !walked.numbers.has(key));
  const added = Buffer.concat(missing.map(numberEntry));
  const out = Buffer.concat([body.subarray(0, walked.endAt), added, body.subarray(walked.endAt)]);
  if (marker === AMF0.ecmaArray) out.writeUInt32BE(body.readUInt32BE(listAt + 1) + missing.length, listAt + 1);
  const placeOf = (key: 'duration' | 'filesize'): number => {
    const known = walked.numbers.get(key);
    if (known !== undefined) return known;
    // Each added entry: 2 + key length + 1 marker, then the double.
    return walked.endAt + missing.indexOf(key) * (2 + key.length + 1 + 8) + 2 + key.length + 1;
  };
  return { body: out, durationAt: placeOf('duration'), filesizeAt: placeOf('filesize') };
}

function numberEntry(key: string): Buffer {
  const entry = Buffer.alloc(2 + key.length + 1 + 8);
  entry.writeUInt16BE(key.length, 0);
  entry.write(key, 2, 'latin1');
  entry.writeUInt8(AMF0.number, 2 + key.length);
  return entry;
}

/** The top-level entries from `at`: where each number's double starts, and where the end marker (00 00 09) is. */
function walkEntries(body: Buffer, at: number): { numbers: Map<string, number>; endAt: number } | null {
  const numbers = new Map<string, number>();
  let offset = at;
  while (offset + 3 <= body.length) {
    const keyLength = body.readUInt16BE(offset);
    if (keyLength === 0 && body[offset + 2] === AMF0.objectEnd) return { numbers, endAt: offset };
    const key = body.toString('latin1', offset + 2, offset + 2 + keyLength);
    const valueAt = offset + 2 + keyLength;
    if (body[valueAt] === AMF0.number) numbers.set(key, valueAt + 1);
    const next = skipValue(body, valueAt);
    if (next === null) return null;
    offset = next;
  }
  return null;
}

/** The offset after the AMF0 value at `at`; null for a marker this walk does not know, or a cut value. */
function skipValue(body: Buffer, at: number): number | null {
  if (at >= body.length) return null;
  const fits = (end: number): number | null => (end <= body.length ? end : null);
  switch (body[at]) {
    case AMF0.number:
      return fits(at + 9);
    case AMF0.boolean:
      return fits(at + 2);
    case AMF0.string:
      return at + 3 <= body.length ? fits(at + 3 + body.readUInt16BE(at + 1)) : null;
    case AMF0.longString:
      return at + 5 <= body.length ? fits(at + 5 + body.readUInt32BE(at + 1)) : null;
    case AMF0.null:
    case AMF0.undefined:
      return at + 1;
    case AMF0.date:
      return fits(at + 11);
    case AMF0.object:
    case AMF0.ecmaArray: {
      const inner = walkEntries(body, at + (body[at] === AMF0.ecmaArray ? 5 : 1));
      return inner === null ? null : inner.endAt + 3;
    }
    case AMF0.strictArray: {
      if (at + 5 > body.length) return null;
      let offset: number | null = at + 5;
      for (let count = body.readUInt32BE(at + 1); count > 0 && offset !== null; count -= 1) offset = skipValue(body, offset);
      return offset;
    }
    default:
      return null;
  }
}

function amfString(payload: Buffer, at: number): { value: string; end: number } | null {
  if (payload[at] !== AMF0.string || payload.length < at + 3) return null;
  const length = payload.readUInt16BE(at + 1);
  if (payload.length < at + 3 + length) return null;
  return { value: payload.toString('latin1', at + 3, at + 3 + length), end: at + 3 + length };
}
