import { describe, expect, it } from 'vitest';
import { MediaCache } from '../../../main/relay/media-cache.js';
import { label, packets } from './packets.js';

const labels = (sequence: ReturnType<MediaCache['startSequence']>) => sequence?.map((packet) => label(packet)) ?? null;

describe('the start of a stream', () => {
  it('is metadata and configurations, then the latest keyframe and what followed it', () => {
    const cache = new MediaCache();
    for (const packet of [packets.metadata(), packets.videoConfig(), packets.audioConfig(), packets.keyframe(0), packets.audio(10), packets.frame(33), packets.keyframe(1000), packets.audio(1010), packets.cuePoint(1020), packets.frame(1033)]) cache.add(packet);
    expect(labels(cache.startSequence())).toEqual(['meta', 'vcfg', 'acfg', 'key@1000', 'a@1010', 'data@1020', 'v@1033']);
  });

  it('does not exist before the first keyframe: audio and frames before it are left out', () => {
    const cache = new MediaCache();
    for (const packet of [packets.metadata(), packets.videoConfig(), packets.audioConfig(), packets.audio(0), packets.frame(10)]) cache.add(packet);
    expect(cache.startSequence()).toBeNull();
    cache.add(packets.keyframe(40));
    expect(labels(cache.startSequence())).toEqual(['meta', 'vcfg', 'acfg', 'key@40']);
  });

  it('waits for a keyframe after a new video configuration (frames before it belong to the old one)', () => {
    const cache = new MediaCache();
    for (const packet of [packets.videoConfig(), packets.keyframe(0), packets.frame(33), packets.videoConfig(50), packets.frame(66)]) cache.add(packet);
    expect(cache.startSequence()).toBeNull();
    cache.add(packets.keyframe(100));
    expect(labels(cache.startSequence())).toEqual(['vcfg', 'key@100']);
  });

  it('for audio alone, is the metadata and audio configuration once audio flows', () => {
    const cache = new MediaCache();
    cache.add(packets.metadata());
    cache.add(packets.audioConfig());
    expect(cache.startSequence()).toBeNull();
    cache.add(packets.audio(0));
    expect(labels(cache.startSequence())).toEqual(['meta', 'acfg']);
  });

  it('drops an overlong group and waits for the next keyframe; clear forgets everything', () => {
    const cache = new MediaCache(3);
    for (const packet of [packets.videoConfig(), packets.keyframe(0), packets.frame(1), packets.frame(2)]) cache.add(packet);
    expect(labels(cache.startSequence())).toEqual(['vcfg', 'key@0', 'v@1', 'v@2']);
    cache.add(packets.frame(3));
    expect(cache.startSequence()).toBeNull();
    cache.add(packets.keyframe(4));
    expect(cache.startSequence()).not.toBeNull();
    cache.clear();
    expect(cache.startSequence()).toBeNull();
    expect(cache.snapshot()).toEqual([]);
  });

  it('snapshots what it holds, configurations included, even without a keyframe yet', () => {
    const cache = new MediaCache();
    for (const packet of [packets.metadata(), packets.videoConfig(), packets.audioConfig(), packets.audio(0)]) cache.add(packet);
    expect(cache.snapshot().map((packet) => label(packet))).toEqual(['meta', 'vcfg', 'acfg']);
  });
});
