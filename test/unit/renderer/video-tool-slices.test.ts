import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type VideoCaption, type VideoChapter, type VideoCopy } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slices talk to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({
  trim: { state: vi.fn(), set: vi.fn() },
  copies: { copy: vi.fn(), list: vi.fn() },
  labels: { forVideo: vi.fn(), create: vi.fn(), setOnVideo: vi.fn(), remove: vi.fn() },
  chapters: { list: vi.fn(), add: vi.fn(), removeAll: vi.fn() },
  captions: { list: vi.fn(), languages: vi.fn(), upload: vi.fn(), setFlags: vi.fn() },
  thumbnail: { upload: vi.fn() },
});

const { initialTrimCopyState, useTrimCopyStore } = await import('../../../renderer/src/state/trim-copy-slice');
// Main's `videoCopy` events, to the slice that subscribed when the bridge was connected.
const copyEvent = (row: VideoCopy) => bridge.emit('videoCopy', row);
const { initialLabelsState, useLabelsStore } = await import('../../../renderer/src/state/labels-slice');
const { initialChaptersState, NEW_CHAPTER_ID, useChaptersStore } = await import('../../../renderer/src/state/chapters-slice');
const { initialCaptionsState, useCaptionsStore } = await import('../../../renderer/src/state/captions-slice');
const { initialThumbnailState, useThumbnailStore } = await import('../../../renderer/src/state/thumbnail-slice');

/** A promise the test settles when it wants, to look at the state while a request runs. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

const refusal = (message: string) => new CompanionError('bad_request', message);

beforeEach(() => {
  vi.clearAllMocks();
  useTrimCopyStore.setState({ ...initialTrimCopyState });
  bridge.companion.copies.list.mockResolvedValue([]);
  useLabelsStore.setState({ ...initialLabelsState });
  useChaptersStore.setState({ ...initialChaptersState });
  useCaptionsStore.setState({ ...initialCaptionsState });
  useThumbnailStore.setState({ ...initialThumbnailState });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('trim and copy slice', () => {
  it('shows a new trim at once and puts the old one back, with the sentence, when refused', async () => {
    bridge.companion.trim.state.mockResolvedValue({ start: 0, end: 3600 });
    await useTrimCopyStore.getState().load('9');
    const answer = pending<never>();
    bridge.companion.trim.set.mockReturnValue(answer.promise);
    const running = useTrimCopyStore.getState().setTrim({ start: 5, end: 60 });
    expect(useTrimCopyStore.getState()).toMatchObject({ trim: { start: 5, end: 60 }, busy: 'set' });
    answer.reject(refusal('Choose a start and end inside the video.'));
    expect(await running).toBe(false);
    expect(useTrimCopyStore.getState()).toMatchObject({ trim: { start: 0, end: 3600 }, busy: null, error: { message: 'Choose a start and end inside the video.' } });
  });

  const copyRow = (requestId: string, change: Partial<VideoCopy> = {}): VideoCopy => ({
    requestId,
    sourceVideoId: '9',
    title: 'Part',
    start: 0,
    end: 30,
    startedAt: 1_000,
    finishedAt: null,
    progress: { requestId, finished: false, videoId: null, videoUrl: null },
    failure: null,
    ...change,
  });

  it("shows main's copies on load, then each change main announces: replaced by request id, a new one on top", async () => {
    bridge.companion.trim.state.mockResolvedValue({ start: 0, end: 3600 });
    bridge.companion.copies.list.mockResolvedValue([copyRow('r2'), copyRow('r1', { finishedAt: 2_000, progress: { requestId: 'r1', finished: true, videoId: '70', videoUrl: null } })]);
    await useTrimCopyStore.getState().load('9');
    expect(useTrimCopyStore.getState().copies.map((row) => row.requestId)).toEqual(['r2', 'r1']);
    copyEvent(copyRow('r2', { finishedAt: 3_000, progress: { requestId: 'r2', finished: true, videoId: '77', videoUrl: 'https://example.com/recorded/77' } }));
    copyEvent(copyRow('r3', { sourceVideoId: '10' }));
    expect(useTrimCopyStore.getState().copies).toMatchObject([{ requestId: 'r3', sourceVideoId: '10' }, { requestId: 'r2', progress: { finished: true, videoId: '77' } }, { requestId: 'r1' }]);
  });

  it('keeps a change that came while the list was read (it is newer than the list)', async () => {
    bridge.companion.trim.state.mockResolvedValue({ start: 0, end: 3600 });
    const list = pending<VideoCopy[]>();
    bridge.companion.copies.list.mockReturnValue(list.promise);
    const loading = useTrimCopyStore.getState().load('9');
    copyEvent(copyRow('r1', { failure: 'The app stopped following this copy after 5 failed asks in a row: gone.' }));
    list.resolve([copyRow('r1'), copyRow('r0')]);
    await loading;
    expect(useTrimCopyStore.getState().copies).toMatchObject([{ requestId: 'r1', failure: expect.stringContaining('stopped following') }, { requestId: 'r0', failure: null }]);
  });

  it('shows a started copy at once, once only when main announces it too, and asks main nothing more', async () => {
    vi.useFakeTimers();
    bridge.companion.trim.state.mockResolvedValue({ start: 0, end: 3600 });
    await useTrimCopyStore.getState().load('9');
    bridge.companion.copies.copy.mockResolvedValue({ requestId: 'r1', finished: false, videoId: null, videoUrl: null });
    expect(await useTrimCopyStore.getState().copy({ start: 0, end: 30, title: 'Part' })).toBe(true);
    expect(useTrimCopyStore.getState().copies).toMatchObject([{ requestId: 'r1', sourceVideoId: '9', progress: { finished: false } }]);
    copyEvent(copyRow('r1'));
    await useTrimCopyStore.getState().load('10');
    copyEvent(copyRow('r1', { finishedAt: 5_000, progress: { requestId: 'r1', finished: true, videoId: '77', videoUrl: null } }));
    expect(useTrimCopyStore.getState().copies).toHaveLength(1);
    expect(useTrimCopyStore.getState().copies[0]).toMatchObject({ progress: { finished: true, videoId: '77' }, failure: null });
    const asked = bridge.companion.copies.list.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bridge.companion.copies.list).toHaveBeenCalledTimes(asked);
  });

  it('a started copy whose event came first is not added twice', async () => {
    bridge.companion.trim.state.mockResolvedValue({ start: 0, end: 3600 });
    await useTrimCopyStore.getState().load('9');
    bridge.companion.copies.copy.mockImplementation(async () => {
      copyEvent(copyRow('r5', { startedAt: 4_000 }));
      return { requestId: 'r5', finished: false, videoId: null, videoUrl: null };
    });
    await useTrimCopyStore.getState().copy({ start: 0, end: 30, title: 'Part' });
    expect(useTrimCopyStore.getState().copies).toMatchObject([{ requestId: 'r5', startedAt: 4_000 }]);
    expect(useTrimCopyStore.getState().copies).toHaveLength(1);
  });

  it("drops an answer for a video that is no longer open", async () => {
    const late = pending<{ start: number; end: number }>();
    bridge.companion.trim.state.mockReturnValueOnce(late.promise).mockResolvedValueOnce({ start: 0, end: 100 });
    const first = useTrimCopyStore.getState().load('9');
    await useTrimCopyStore.getState().load('10');
    late.resolve({ start: 1, end: 50 });
    await first;
    expect(useTrimCopyStore.getState()).toMatchObject({ videoId: '10', trim: { start: 0, end: 100 } });
  });
});

describe('labels slice', () => {
  beforeEach(async () => {
    bridge.companion.labels.forVideo.mockResolvedValue({ videoId: '9', labels: [{ id: 1, name: 'Highlights', color: 'color-1' }], attached: [] });
    await useLabelsStore.getState().load('9');
  });

  it('ticks a label at once and unticks it when refused', async () => {
    const answer = pending<never>();
    bridge.companion.labels.setOnVideo.mockReturnValue(answer.promise);
    const running = useLabelsStore.getState().setAttached(1, true);
    expect(useLabelsStore.getState().labels!.attached).toEqual([1]);
    answer.reject(refusal('This label no longer exists. Reload the labels.'));
    await running;
    expect(useLabelsStore.getState()).toMatchObject({ labels: { attached: [] }, error: { message: 'This label no longer exists. Reload the labels.' } });
  });

  it("adds a created label once main gives its id, in order of name", async () => {
    bridge.companion.labels.create.mockResolvedValue({ id: 5, name: 'Archive', color: 'color-2' });
    expect(await useLabelsStore.getState().create(' Archive ')).toBe(true);
    expect(useLabelsStore.getState().labels!.labels.map((label) => label.name)).toEqual(['Archive', 'Highlights']);
  });

  it('takes a deleted label off the list and the video at once, and puts both back when refused', async () => {
    useLabelsStore.setState({ labels: { videoId: '9', labels: [{ id: 1, name: 'Highlights', color: 'color-1' }], attached: [1] } });
    bridge.companion.labels.remove.mockRejectedValue(refusal('offline'));
    const running = useLabelsStore.getState().remove(1);
    expect(useLabelsStore.getState().labels).toMatchObject({ labels: [], attached: [] });
    await running;
    expect(useLabelsStore.getState().labels).toMatchObject({ labels: [{ id: 1 }], attached: [1] });
  });
});

describe('chapters slice', () => {
  const chapter = (id: string, position: number, title = `Chapter ${id}`): VideoChapter => ({ id, title, position });

  beforeEach(async () => {
    bridge.companion.chapters.list.mockResolvedValue([chapter('1', 0), chapter('2', 600)]);
    await useChaptersStore.getState().load('9');
  });

  it("shows a new chapter in its place at once, then the platform's list", async () => {
    const answer = pending<VideoChapter[]>();
    bridge.companion.chapters.add.mockReturnValue(answer.promise);
    const running = useChaptersStore.getState().add({ title: 'Middle', position: 300 });
    expect(useChaptersStore.getState().chapters!.map((entry) => entry.id)).toEqual(['1', NEW_CHAPTER_ID, '2']);
    answer.resolve([chapter('1', 0), chapter('3', 300, 'Middle'), chapter('2', 600)]);
    await running;
    expect(useChaptersStore.getState()).toMatchObject({ busy: null, done: 'Chapter "Middle" added at 300 s.', chapters: [{ id: '1' }, { id: '3' }, { id: '2' }] });
  });

  it('puts every chapter back when deleting them all is refused', async () => {
    bridge.companion.chapters.removeAll.mockRejectedValue(refusal('This video no longer exists.'));
    const running = useChaptersStore.getState().removeAll();
    expect(useChaptersStore.getState().chapters).toEqual([]);
    expect(await running).toBe(false);
    expect(useChaptersStore.getState().chapters).toHaveLength(2);
  });
});

describe('captions slice', () => {
  const caption = (language: string, flags: Partial<VideoCaption> = {}): VideoCaption => ({ language, isDefault: false, isVisible: true, status: 'active', ...flags });

  beforeEach(async () => {
    bridge.companion.captions.list.mockResolvedValue([caption('en', { isDefault: true })]);
    bridge.companion.captions.languages.mockResolvedValue([
      { code: 'de', name: 'German' },
      { code: 'en', name: 'English' },
    ]);
    await useCaptionsStore.getState().load('9');
  });

  it('shows an upload as processing at once; a refusal takes it away again with the sentence naming the line', async () => {
    bridge.companion.captions.upload.mockRejectedValue(new CompanionError('not_valid_vtt', 'The caption is not valid WebVTT: line 3: …. Fix the file and upload it again.'));
    const running = useCaptionsStore.getState().upload('de', 'WEBVTT', 'talk.vtt');
    expect(useCaptionsStore.getState().captions).toEqual([caption('de', { status: 'processing' }), caption('en', { isDefault: true })]);
    expect(await running).toBe(false);
    expect(useCaptionsStore.getState()).toMatchObject({ captions: [caption('en', { isDefault: true })], error: { message: expect.stringContaining('line 3') } });
  });

  it('making a caption the default takes it from the other at once', async () => {
    useCaptionsStore.setState({ captions: [caption('de'), caption('en', { isDefault: true })] });
    const answer = pending<VideoCaption[]>();
    bridge.companion.captions.setFlags.mockReturnValue(answer.promise);
    const running = useCaptionsStore.getState().setFlags('de', { isDefault: true });
    expect(useCaptionsStore.getState().captions!.map((entry) => [entry.language, entry.isDefault])).toEqual([
      ['de', true],
      ['en', false],
    ]);
    answer.resolve([caption('de', { isDefault: true }), caption('en')]);
    await running;
    expect(useCaptionsStore.getState().done).toBe('The German caption is saved: shown automatically.');
  });

  it('reads the languages once', async () => {
    await useCaptionsStore.getState().load('10');
    expect(bridge.companion.captions.languages).toHaveBeenCalledTimes(1);
  });
});

describe('thumbnail slice', () => {
  it('shows the new image at once and goes back to nothing shown when refused', async () => {
    useThumbnailStore.getState().open('9');
    bridge.companion.thumbnail.upload.mockRejectedValue(refusal('Use a JPEG, PNG or GIF under 10 MB.'));
    const running = useThumbnailStore.getState().upload({ contentType: 'image/png', base64: 'AA==' }, { url: 'blob:x', width: 10, height: 10, bytes: 1 });
    expect(useThumbnailStore.getState()).toMatchObject({ busy: 'upload', shown: { source: 'image', previewUrl: 'blob:x' } });
    await running;
    expect(useThumbnailStore.getState()).toMatchObject({ busy: null, shown: null, error: { message: 'Use a JPEG, PNG or GIF under 10 MB.' } });
  });

  it("lets go of a preview once it is no longer shown", async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    useThumbnailStore.getState().open('9');
    bridge.companion.thumbnail.upload.mockResolvedValue({ width: 10, height: 10, bytes: 1 });
    await useThumbnailStore.getState().upload({ contentType: 'image/png', base64: 'AA==' }, { url: 'blob:first', width: 10, height: 10, bytes: 1 });
    expect(revoke).not.toHaveBeenCalled();
    await useThumbnailStore.getState().upload({ contentType: 'image/png', base64: 'AA==' }, { url: 'blob:second', width: 10, height: 10, bytes: 1 });
    expect(revoke).toHaveBeenCalledWith('blob:first');
    useThumbnailStore.getState().open('10');
    expect(revoke).toHaveBeenLastCalledWith('blob:second');
    revoke.mockRestore();
  });
});
