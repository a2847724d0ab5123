// @ts-check
// Records one publish to an FLV file, as a subscriber of its node-media-server broadcast (the way the
// server's own record sessions do, through postPlay/donePlay). It writes the file a platform would
// keep rather than a raw dump: timestamps start at 0, video starts at a keyframe, and the metadata tag
// is a plain `onMetaData` (RTMP's `@setDataFrame` wrapper makes ffmpeg see an extra data stream) whose
// duration is the recording's, written when it ends (the encoder's is that of its whole stream).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';

const AUDIO = 8;
const VIDEO = 9;
const SCRIPT = 18;
const TAG_HEADER = 11;
const PREVIOUS_TAG_SIZE = 4;
/** AMF0 string "@setDataFrame": marker 2, length 13, the characters. */
const SET_DATA_FRAME = Buffer.from([2, 0, 13, ...Buffer.from('@setDataFrame')]);
/** The metadata key "duration" followed by the AMF0 number marker; an 8-byte double follows. */
const DURATION_KEY = Buffer.from([0, 8, ...Buffer.from('duration'), 0]);

/**
 * The part of node-media-server's BroadcastServer a subscriber uses.
 * @typedef {{ postPlay(session: FlvRecorder): string | null, donePlay(session: FlvRecorder): void }} Broadcast
 */

export class FlvRecorder {
  /**
   * @param {Broadcast} broadcast
   * @param {string} filePath must not exist yet
   * @param {number} limitMs the most media the file may hold
   * @param {() => void} onLimit called once, when a frame past the limit arrives (it is not written)
   */
  constructor(broadcast, filePath, limitMs, onLimit) {
    this.filePath = filePath;
    this.limitMs = limitMs;
    this.onLimit = onLimit;
    // The fields node-media-server reads from a subscriber; an empty ip marks an internal session
    // (no play events, not counted as a viewer).
    this.id = `record-${randomUUID()}`;
    this.ip = '';
    this.protocol = 'flv';
    this.endTime = 0;
    this.broadcast = broadcast;
    this.file = createWriteStream(filePath, { flags: 'wx' });
    /** @type {Error | null} */
    this.error = null;
    this.file.on('error', (error) => (this.error ??= error));
    /** @type {number | null} source timestamp (ms) of the first frame written */
    this.base = null;
    this.durationMs = 0;
    this.sawKeyframe = false;
    /** The limit is reached: nothing more is written. */
    this.full = false;
    /** Bytes handed to the file so far: where the next tag lands. */
    this.written = 0;
    /** @type {number[]} file offsets of metadata durations, to set when the recording ends */
    this.durationOffsets = [];
    this.stopped = false;
  }

  start() {
    const refused = this.broadcast.postPlay(this);
    if (refused !== null) throw new Error(refused);
  }

  /**
   * Detaches from the broadcast and closes the file.
   * @returns {Promise<number>} the duration in ms
   */
  async stop() {
    if (!this.stopped) {
      this.stopped = true;
      this.broadcast.donePlay(this);
      this.file.end();
    }
    await finished(this.file).catch((error) => (this.error ??= error));
    if (this.error) throw this.error;
    if (this.durationOffsets.length > 0) {
      const file = await open(this.filePath, 'r+');
      try {
        const seconds = Buffer.alloc(8);
        seconds.writeDoubleBE(this.durationMs / 1000);
        for (const offset of this.durationOffsets) await file.write(seconds, 0, 8, offset);
      } finally {
        await file.close();
      }
    }
    return this.durationMs;
  }

  /**
   * node-media-server calls this with the FLV file header, then one FLV tag per buffer. The buffers
   * are shared with other subscribers: never change them in place.
   * @param {Buffer} buffer
   */
  sendBuffer = (buffer) => {
    if (this.stopped || this.full || this.error) return;
    const tag = this.rewrite(buffer);
    if (!tag) return;
    this.file.write(tag);
    this.written += tag.length;
  };

  /**
   * @param {Buffer} buffer
   * @returns {Buffer | null} what to write, or null to drop the tag
   */
  rewrite(buffer) {
    const type = buffer[0];
    if ((type !== AUDIO && type !== VIDEO && type !== SCRIPT) || buffer.length < TAG_HEADER + PREVIOUS_TAG_SIZE) return buffer;
    let data = buffer.subarray(TAG_HEADER, buffer.length - PREVIOUS_TAG_SIZE);
    let timestamp = 0;
    if (type === SCRIPT) {
      if (data.subarray(0, SET_DATA_FRAME.length).equals(SET_DATA_FRAME)) data = data.subarray(SET_DATA_FRAME.length);
      const duration = data.indexOf(DURATION_KEY);
      if (duration >= 0) this.durationOffsets.push(this.written + TAG_HEADER + duration + DURATION_KEY.length);
    } else if (!isSequenceHeader(type, data)) {
      if (type === VIDEO) {
        // A file that starts between keyframes shows garbage until the next one.
        const keyframe = (((data[0] ?? 0) >> 4) & 0x07) === 1;
        if (!keyframe && !this.sawKeyframe) return null;
        this.sawKeyframe ||= keyframe;
      }
      const source = (buffer[7] ?? 0) * 2 ** 24 + buffer.readUIntBE(4, 3);
      this.base ??= source;
      timestamp = Math.max(0, source - this.base);
      if (timestamp > this.limitMs) {
        this.full = true;
        // Not from inside the broadcast's delivery loop, which stopping would change.
        queueMicrotask(this.onLimit);
        return null;
      }
      this.durationMs = Math.max(this.durationMs, timestamp);
    }
    const tag = Buffer.alloc(TAG_HEADER + data.length + PREVIOUS_TAG_SIZE);
    tag[0] = type;
    tag.writeUIntBE(data.length, 1, 3);
    tag.writeUIntBE(timestamp & 0xffffff, 4, 3);
    tag[7] = (timestamp >>> 24) & 0xff;
    buffer.copy(tag, 8, 8, TAG_HEADER);
    data.copy(tag, TAG_HEADER);
    tag.writeUInt32BE(TAG_HEADER + data.length, TAG_HEADER + data.length);
    return tag;
  }
}

/**
 * Codec configuration (AAC AudioSpecificConfig, AVC/HEVC decoder configuration) carries no media
 * time; node-media-server replays it with its original timestamp when a subscriber joins late.
 * @param {number} type
 * @param {Buffer} data
 */
function isSequenceHeader(type, data) {
  const first = data[0] ?? 0;
  const second = data[1] ?? 1;
  if (type === AUDIO) return first >> 4 === 10 && second === 0;
  // Enhanced RTMP (bit 7 set) puts the packet type in the low 4 bits; 0 is the sequence start.
  if (first & 0x80) return (first & 0x0f) === 0;
  return (first & 0x0f) === 7 && second === 0;
}
