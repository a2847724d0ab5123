import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { captionMatches, MAX_CAPTION_MATCHES } from '../../../sandbox/captions/caption-search.js';
import { checkWebVtt } from '../../../sandbox/captions/webvtt-check.js';
import { captionsOf, captionStatus, type StoredCaption } from '../../../sandbox/state/captions.js';
import { chaptersOf } from '../../../sandbox/state/chapters.js';
import { labelsOf } from '../../../sandbox/state/labels.js';
import type { SandboxData } from '../../../sandbox/state/model.js';
import { SandboxStore } from '../../../sandbox/state/sandbox-store.js';
import { seedData } from '../../../sandbox/state/seed.js';

function caption(videoId: string, language: string, vtt: string, extra: Partial<StoredCaption> = {}): StoredCaption {
  const checked = checkWebVtt(new TextEncoder().encode(vtt));
  if (!checked.valid) throw new Error('test caption is not valid');
  return { videoId, language, isDefault: false, isVisible: true, vtt, cues: checked.cues, activeAt: 0, ...extra };
}

const videoOf = (data: SandboxData, title: string) => data.videos.find((video) => video.title === title)!.id;

describe('captionMatches', () => {
  it('searches the active, visible captions of one video, case-insensitively, earliest cue first', () => {
    const data = seedData();
    const launch = videoOf(data, 'Launch stream');
    captionsOf(data).captions.push(
      caption(launch, 'fr', 'WEBVTT\n\n00:10.000 --> 00:12.000\nLe TRÉPIED est prêt\n'),
      caption(launch, 'de', 'WEBVTT\n\n00:03.000 --> 00:04.000\nDas Trépied <i>steht</i>\n'),
      caption(launch, 'es', 'WEBVTT\n\n00:01.000 --> 00:02.000\ntrépied oculto\n', { isVisible: false }),
      caption(launch, 'it', 'WEBVTT\n\n00:01.000 --> 00:02.000\ntrépied in lavorazione\n', { activeAt: Date.now() + 60_000 }),
    );
    expect(captionMatches(data, launch, 'trépied')).toEqual([
      { start_sec: 3, end_sec: 4, caption: 'Das Trépied steht' },
      { start_sec: 10, end_sec: 12, caption: 'Le TRÉPIED est prêt' },
    ]);
    expect(captionMatches(data, videoOf(data, 'Q&A night'), 'trépied')).toEqual([]);
  });

  it('returns at most 100 matches', () => {
    const data = seedData();
    const launch = videoOf(data, 'Launch stream');
    const cues = Array.from({ length: 150 }, (_, index) => `${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}.000 --> ${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}.900\nword ${index}\n`);
    captionsOf(data).captions.push(caption(launch, 'en', `WEBVTT\n\n${cues.join('\n')}`));
    const matches = captionMatches(data, launch, 'word');
    expect(matches).toHaveLength(MAX_CAPTION_MATCHES);
    expect(matches[0]?.caption).toBe('word 0');
  });

  it('the seeded caption is active and found', () => {
    const data = seedData();
    const qa = videoOf(data, 'Q&A night');
    expect(captionStatus(captionsOf(data).captions.find((entry) => entry.videoId === qa)!)).toBe('active');
    expect(captionMatches(data, qa, 'microphone').map((match) => match.start_sec)).toEqual([12.5, 62]);
  });
});

describe('labels, captions and chapters in the state', () => {
  let directory: string | null = null;
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
    directory = null;
  });

  it('a state file written before they existed loads, and gets empty ones on first use', async () => {
    directory = await mkdtemp(join(tmpdir(), 'annotations-state-'));
    const file = join(directory, 'state.json');
    const old: Partial<SandboxData> = { ...seedData() };
    delete old.labels;
    delete old.captions;
    delete old.chapters;
    await writeFile(file, JSON.stringify(old));
    const store = new SandboxStore(file);
    expect(labelsOf(store.data).labels).toEqual([]);
    expect(captionsOf(store.data).captions).toEqual([]);
    expect(chaptersOf(store.data).chapters).toEqual([]);
    await store.flushed();
  });

  it('deleting a video forgets its label links, captions and chapters, and nothing of other videos', () => {
    const store = new SandboxStore();
    const launch = store.video(videoOf(store.data, 'Launch stream'))!;
    const qa = videoOf(store.data, 'Q&A night');
    labelsOf(store.data).videoLabels[qa] = [labelsOf(store.data).labels[1]!.id];
    captionsOf(store.data).captions.push(caption(launch.id, 'en', 'WEBVTT\n\n00:01.000 --> 00:02.000\nx\n'));
    expect(chaptersOf(store.data).chapters.some((chapter) => chapter.videoId === launch.id)).toBe(true);
    store.deleteVideo(launch);
    expect(labelsOf(store.data).videoLabels[launch.id]).toBeUndefined();
    expect(labelsOf(store.data).videoLabels[qa]).toHaveLength(1);
    expect(captionsOf(store.data).captions.map((entry) => entry.videoId)).toEqual([qa]);
    expect(chaptersOf(store.data).chapters.some((chapter) => chapter.videoId === launch.id)).toBe(false);
  });
});
