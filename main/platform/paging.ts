// Paged lists as async iterators. The spec pages two ways: `paging.next` as `{href}` (the channel list) or
// as a URL string (videos, device passwords, playlists...). Either way the app asks for pages by number
// rather than following the URL, so a signed request never goes anywhere the app did not choose; `next`
// only says whether there is more, and serves to notice a server that goes round in circles.
import { z } from 'zod';
import { PlatformError } from './platform-error.js';

/** The `paging` member of either style; only `next` matters for walking a list. */
export const pagingSchema = z
  .object({ next: z.union([z.object({ href: z.string() }), z.string()]).nullish() })
  .optional();

export type Paging = z.output<typeof pagingSchema>;

export interface Page<T> {
  readonly items: readonly T[];
  /** The next page's URL, null on the last page. */
  readonly next: string | null;
}

/** A page from a list body: `pageOf(body.channels, body.paging)`. */
export function pageOf<T>(items: readonly T[], paging: Paging): Page<T> {
  const next = paging?.next;
  const href = typeof next === 'object' && next !== null ? next.href : next;
  return { items, next: href === undefined || href === null || href === '' ? null : href };
}

/** One page of a list for a view that pages (Previous / Next) instead of reading everything. */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
}

/** A page from a list body whose `paging` gives `previous` and `next` as URL strings (or null). */
export function listPageOf<T>(items: readonly T[], paging: { readonly previous?: string | null; readonly next?: string | null } | undefined): ListPage<T> {
  const previous = paging?.previous;
  return { items, hasPrevious: typeof previous === 'string' && previous !== '', hasNext: pageOf(items, paging).next !== null };
}

/** One page of a list as an endpoint reads it: the items and the body's `paging` (URL strings or null). */
export interface NumberedPage<T> {
  readonly items: readonly T[];
  readonly paging: { readonly previous?: string | null; readonly next?: string | null } | undefined;
}

/** A list read by page number both ways: every item, or one page for a view that pages. */
export interface NumberedList<T> {
  all(): AsyncIterable<T>;
  /** One page, 1-based. */
  page(pageNumber: number): Promise<ListPage<T>>;
}

/** A list the app asks for by page number, from `readPage`, which asks the platform for one page. */
export function numberedList<T>(endpoint: string, readPage: (pageNumber: number) => Promise<NumberedPage<T>>): NumberedList<T> {
  return {
    all: () =>
      pagedItems(endpoint, async (pageNumber) => {
        const { items, paging } = await readPage(pageNumber);
        return pageOf(items, paging);
      }),
    page: async (pageNumber) => {
      const { items, paging } = await readPage(pageNumber);
      return listPageOf(items, paging);
    },
  };
}

export const DEFAULT_MAX_PAGES = 1000;

/**
 * Every item of a paged list, fetching page 1, 2, ... while the platform says there is a next page.
 * An endpoint function is one line:
 * `pagedItems(endpoint, (p) => caller.call(request(p), schema).then(({ body }) => pageOf(body.videos, body.paging)))`.
 */
export async function* pagedItems<T>(
  endpoint: string,
  fetchPage: (pageNumber: number) => Promise<Page<T>>,
  options: { readonly maxPages?: number } = {},
): AsyncGenerator<T, void, undefined> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const seen = new Set<string>();
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await fetchPage(pageNumber);
    yield* page.items;
    if (page.next === null) return;
    if (seen.has(page.next)) throw pagingError(endpoint, `pointed back at a page it had already given (after page ${pageNumber})`);
    if (pageNumber >= maxPages) throw pagingError(endpoint, `still had more after ${maxPages} pages`);
    seen.add(page.next);
  }
}

function pagingError(endpoint: string, what: string): PlatformError {
  return new PlatformError(0, 'malformed_response', endpoint, `The list of ${endpoint} ${what}; stopped reading it, so it may be incomplete. Try again later.`);
}
