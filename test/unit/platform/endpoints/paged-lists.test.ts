// Paged lists: lazily fetched, page after page by number, until the platform's `paging` has no next
// link, in both of the spec's paging styles.
import { describe, expect, it } from 'vitest';
import { createPlatformApi } from '../../../../main/platform/endpoints/index.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';
import { channelListItem, video } from './fixtures.js';
import { RecordingCaller } from './recording-caller.js';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('paged lists', () => {
  it('ask for nothing until iterated', () => {
    const caller = new RecordingCaller();
    createPlatformApi(caller).videos.listForUser();
    expect(caller.requests).toEqual([]);
  });

  it('follow the channel list by `p` while `paging.next.href` is given (part A style)', async () => {
    const href = (p: number) => ({ href: `https://api.example.test/users/self/channels.json?q=demo&p=${p}&pagesize=1` });
    const caller = new RecordingCaller(
      { body: { channels: [{ ...channelListItem, id: 'c1' }], paging: { actual: href(1), next: href(2) } } },
      { body: { channels: [{ ...channelListItem, id: 'c2' }], paging: { previous: href(1), actual: href(2) } } },
    );
    const channels = await collect(createPlatformApi(caller).channels.list({ q: 'demo', pageSize: 1 }));
    expect(channels.map((channel) => channel.id)).toEqual(['c1', 'c2']);
    expect(caller.requests.map((request) => request.query)).toEqual([
      { q: 'demo', p: 1, pagesize: 1, detail_level: undefined },
      { q: 'demo', p: 2, pagesize: 1, detail_level: undefined },
    ]);
  });

  it('follow a part B list by `page` while `paging.next` is a URL, keeping filters and the token kind', async () => {
    const next = (page: number) => `https://api.example.test/channels/c1/videos.json?page=${page}&pagesize=1`;
    const caller = new RecordingCaller(
      { body: { videos: [{ ...video, id: 'v1' }], paging: { next: next(2) } } },
      { body: { videos: [{ ...video, id: 'v2' }], paging: { previous: next(1), next: next(3) } } },
      { body: { videos: [{ ...video, id: 'v3' }], paging: { previous: next(2), next: null } } },
    );
    const videos = await collect(createPlatformApi(caller).videos.listForChannel('c1', { pageSize: 1, protect: ['public'], anonymous: true }));
    expect(videos.map((item) => item.id)).toEqual(['v1', 'v2', 'v3']);
    expect(caller.requests.map((request) => [request.query?.page, request.query?.['filter[protect]'], request.auth])).toEqual([
      [1, 'public', 'none'],
      [2, 'public', 'none'],
      [3, 'public', 'none'],
    ]);
  });

  it('stop with a clear error when the platform keeps linking to the same next page', async () => {
    const caller = new RecordingCaller({ body: { videos: [video], paging: { next: 'https://api.example.test/users/self/videos.json?page=2' } } });
    const outcome = collect(createPlatformApi(caller).videos.listForUser());
    await expect(outcome).rejects.toBeInstanceOf(PlatformError);
    await expect(outcome).rejects.toMatchObject({ endpoint: 'GET /users/self/videos.<format>' });
  });

  it('stop early when the caller stops iterating', async () => {
    const next = 'https://api.example.test/users/self/videos.json?page=';
    const caller = new RecordingCaller(
      { body: { videos: [{ ...video, id: 'v1' }, { ...video, id: 'v2' }], paging: { next: `${next}2` } } },
      { body: { videos: [{ ...video, id: 'v3' }], paging: { next: `${next}3` } } },
    );
    for await (const item of createPlatformApi(caller).videos.listForUser()) if (item.id === 'v1') break;
    expect(caller.requests).toHaveLength(1);
  });
});
