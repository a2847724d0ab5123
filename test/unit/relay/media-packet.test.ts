import { describe, expect, it } from 'vitest';
import { classify, codecOf, kindOfMessage } from '../../../main/relay/media-packet.js';
import { packets } from './packets.js';

describe('classifying tag bodies', () => {
  it('tells AVC keyframes, inter frames and sequence headers, AAC configuration and frames, and onMetaData', () => {
    expect(packets.keyframe(0)).toMatchObject({ kind: 'video', keyframe: true, config: false });
    expect(packets.frame(0)).toMatchObject({ kind: 'video', keyframe: false, config: false });
    expect(packets.videoConfig()).toMatchObject({ kind: 'video', keyframe: false, config: true });
    expect(packets.audioConfig()).toMatchObject({ kind: 'audio', config: true });
    expect(packets.audio(0)).toMatchObject({ kind: 'audio', config: false });
    expect(packets.metadata()).toMatchObject({ kind: 'data', metadata: true });
    expect(packets.cuePoint(0)).toMatchObject({ kind: 'data', metadata: false });
    const plain = Buffer.from([0x02, 0x00, 0x0a, ...Buffer.from('onMetaData'), 0x03]);
    expect(classify('data', 0, plain).metadata).toBe(true);
  });

  it('reads Enhanced RTMP (fourCC) video and audio', () => {
    const hevc = (first: number) => Buffer.from([first, ...Buffer.from('hvc1'), 0, 0, 0]);
    expect(classify('video', 0, hevc(0x90))).toMatchObject({ keyframe: false, config: true });
    expect(classify('video', 0, hevc(0x91))).toMatchObject({ keyframe: true, config: false });
    expect(classify('video', 0, hevc(0x93))).toMatchObject({ keyframe: true, config: false });
    expect(classify('video', 0, hevc(0xa1))).toMatchObject({ keyframe: false, config: false });
    expect(codecOf(classify('video', 0, hevc(0x91)))).toBe('hevc');
    const opus = (packetType: number) => Buffer.from([0x90 | packetType, ...Buffer.from('Opus'), 0]);
    expect(classify('audio', 0, opus(0)).config).toBe(true);
    expect(classify('audio', 0, opus(1)).config).toBe(false);
    expect(codecOf(classify('audio', 0, opus(1)))).toBe('opus');
  });

  it('names legacy codecs', () => {
    expect(codecOf(packets.keyframe(0))).toBe('h264');
    expect(codecOf(packets.audio(0))).toBe('aac');
    expect(codecOf(classify('audio', 0, Buffer.from([0x2f, 0xff])))).toBe('mp3');
    expect(codecOf(packets.metadata())).toBeNull();
  });
});

describe('RTMP message types', () => {
  it('name the media kinds and leave out the rest', () => {
    expect([8, 9, 18].map(kindOfMessage)).toEqual(['audio', 'video', 'data']);
    expect([1, 15, 20, 22].map(kindOfMessage)).toEqual([null, null, null, null]);
  });
});
