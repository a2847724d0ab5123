import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numberedList, pageOf, pagedItems, pagingSchema, type NumberedPage, type Page } from '../../../main/platform/paging.js';
import { PlatformError } from '../../../main/platform/platform-error.js';

const ENDPOINT = 'GET /channels/<channel_id>/videos.<format>';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

function pages(...contents: [number[], string | null][]): { fetchPage: (page: number) => Promise<Page<number>>; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    fetchPage: async (page) => {
      asked.push(page);
      const [items, next] = contents[page - 1] ?? [[], null];
      return { items, next };
    },
  };
}

describe('pageOf with pagingSchema', () => {
  const body = z.object({ items: z.array(z.number()), paging: pagingSchema });

  it('reads next as {href} (the channel list) and as a URL string (video lists)', () => {
    const href = body.parse({ items: [1], paging: { previous: { href: 'p1' }, actual: { href: 'p2' }, next: { href: 'http://api/x.json?p=3' } } });
    expect(pageOf(href.items, href.paging)).toEqual({ items: [1], next: 'http://api/x.json?p=3' });
    const url = body.parse({ items: [2], paging: { previous: null, next: 'http://api/v.json?page=3', page_count: 4 } });
    expect(pageOf(url.items, url.paging).next).toBe('http://api/v.json?page=3');
  });

  it('ends the list when next is absent, null, empty, or there is no paging', () => {
    for (const paging of [{ actual: { href: 'a' } }, { next: null }, { next: '' }, undefined]) {
      expect(pageOf([1], body.parse({ items: [1], paging }).paging).next).toBeNull();
    }
  });
});

describe('pagedItems', () => {
  it('yields every item, page by page, and stops where next ends', async () => {
    const { fetchPage, asked } = pages([[1, 2], 'u2'], [[3], 'u3'], [[4, 5], null]);
    expect(await collect(pagedItems(ENDPOINT, fetchPage))).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('fetches lazily: breaking off early asks for no more pages', async () => {
    const { fetchPage, asked } = pages([[1, 2], 'u2'], [[3], null]);
    for await (const item of pagedItems(ENDPOINT, fetchPage)) if (item === 2) break;
    expect(asked).toEqual([1]);
  });

  it('stops with an error when the platform points back at a page already read', async () => {
    const { fetchPage, asked } = pages([[1], 'u2'], [[2], 'u3'], [[3], 'u2']);
    const seen: number[] = [];
    const error = await (async () => {
      for await (const item of pagedItems(ENDPOINT, fetchPage)) seen.push(item);
    })().catch((thrown: unknown) => thrown);
    expect(seen).toEqual([1, 2, 3]);
    expect(asked).toEqual([1, 2, 3]);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ error: 'malformed_response', endpoint: ENDPOINT });
    expect((error as PlatformError).message).toMatch(/already given.*may be incomplete/);
  });

  it('catches a next link that repeats on every page', async () => {
    const { fetchPage, asked } = pages([[1], 'same'], [[2], 'same'], [[3], null]);
    await expect(collect(pagedItems(ENDPOINT, fetchPage))).rejects.toThrow(/already given/);
    expect(asked).toEqual([1, 2]);
  });

  it('stops with an error after the page cap', async () => {
    const endless = async (page: number): Promise<Page<number>> => ({ items: [page], next: `u${page + 1}` });
    await expect(collect(pagedItems(ENDPOINT, endless, { maxPages: 5 }))).rejects.toThrow(/more after 5 pages/);
  });
});

describe('numberedList', () => {
  const readPage = (asked: number[]) => async (page: number): Promise<NumberedPage<number>> => {
    asked.push(page);
    return [
      { items: [1, 2], paging: { previous: null, next: 'u2' } },
      { items: [3], paging: { previous: 'u1', next: null } },
    ][page - 1] ?? { items: [], paging: undefined };
  };

  it('walks every page for all(), and asks for one page only for page(n)', async () => {
    const asked: number[] = [];
    const list = numberedList(ENDPOINT, readPage(asked));
    expect(await collect(list.all())).toEqual([1, 2, 3]);
    expect(asked).toEqual([1, 2]);
    expect(await list.page(1)).toEqual({ items: [1, 2], hasPrevious: false, hasNext: true });
    expect(await list.page(2)).toEqual({ items: [3], hasPrevious: true, hasNext: false });
    expect(asked).toEqual([1, 2, 1, 2]);
  });
});
