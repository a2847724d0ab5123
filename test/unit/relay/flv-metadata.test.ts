import { describe, expect, it } from 'vitest';
import { fileMetadata } from '../../../main/relay/flv-metadata.js';
import { decodeMetadata } from '../../../main/relay/nms-binding.js';

const string = (text: string) => [0x02, 0x00, text.length, ...Buffer.from(text, 'latin1')];
const key = (text: string) => [0x00, text.length, ...Buffer.from(text, 'latin1')];
const number = (value: number) => {
  const bytes = Buffer.alloc(9);
  bytes.writeDoubleBE(value, 1);
  return [...bytes];
};
const END = [0x00, 0x00, 0x09];
/** @setDataFrame onMetaData {ECMA array of `entries`}, as an encoder sends it over RTMP. */
const encoderMetadata = (count: number, ...entries: number[][]) => Buffer.from([...string('@setDataFrame'), ...string('onMetaData'), 0x08, 0, 0, 0, count, ...entries.flat(), ...END]);

/** The metadata with the given duration and size filled in where the writer would. */
function filled(payload: Buffer | null, duration: number, filesize: number): Readonly<Record<string, unknown>> | null {
  const metadata = fileMetadata(payload);
  const body = Buffer.from(metadata.body);
  body.writeDoubleBE(duration, metadata.durationAt!);
  body.writeDoubleBE(filesize, metadata.filesizeAt!);
  expect(body.subarray(0, 13).toString('latin1')).toBe('\x02\x00\x0aonMetaData');
  return decodeMetadata(body);
}

describe('the onMetaData an FLV file starts with', () => {
  it("keeps the encoder's fields, drops @setDataFrame, and adds duration and filesize where it can fill them in", () => {
    const payload = encoderMetadata(4, [...key('width'), ...number(1280)], [...key('encoder'), ...string('obs-output')], [...key('stereo'), 0x01, 0x01], [...key('extra'), 0x03, ...key('inner'), ...number(7), ...END]);
    expect(filled(payload, 61.5, 123456)).toEqual({ width: 1280, encoder: 'obs-output', stereo: true, extra: { inner: 7 }, duration: 61.5, filesize: 123456 });
  });

  it("fills in the encoder's own duration and filesize numbers rather than adding more", () => {
    const payload = encoderMetadata(3, [...key('duration'), ...number(0)], [...key('height'), ...number(720)], [...key('filesize'), ...number(0)]);
    const metadata = fileMetadata(payload);
    expect(metadata.body.length).toBe(payload.length - 16);
    expect(filled(payload, 12.25, 999)).toEqual({ duration: 12.25, height: 720, filesize: 999 });
  });

  it('makes its own when there is none, or when it cannot read the encoder’s to its end', () => {
    expect(filled(null, 3, 42)).toEqual({ duration: 3, filesize: 42 });
    const cut = encoderMetadata(1, [...key('width'), 0x00, 0x40]).subarray(0, 40);
    expect(filled(cut, 4, 43)).toEqual({ duration: 4, filesize: 43 });
    const unknownMarker = encoderMetadata(1, [...key('odd'), 0x11, 0x00]);
    expect(filled(unknownMarker, 5, 44)).toEqual({ duration: 5, filesize: 44 });
  });
});
