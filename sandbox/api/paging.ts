// The spec's paging objects. Pages are 1-based; sizes are clamped to the endpoint's maximum.
import { ApiError } from '../http/api-error.js';
import type { RequestContext } from '../http/request-context.js';

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
}

export function pageRequest(
  context: RequestContext,
  options: { readonly pageParam: string; readonly defaultSize: number; readonly maxSize?: number },
): PageRequest {
  const page = positiveInteger(context.query.get(options.pageParam), 1, options.pageParam);
  const requested = positiveInteger(context.query.get('pagesize'), options.defaultSize, 'pagesize');
  return { page, pageSize: options.maxSize ? Math.min(requested, options.maxSize) : requested };
}

export function pageOf<T>(items: readonly T[], request: PageRequest): { items: T[]; hasPrevious: boolean; hasNext: boolean; pageCount: number } {
  const start = (request.page - 1) * request.pageSize;
  return {
    items: items.slice(start, start + request.pageSize),
    hasPrevious: request.page > 1,
    hasNext: start + request.pageSize < items.length,
    pageCount: Math.max(1, Math.ceil(items.length / request.pageSize)),
  };
}

/** The URL of another page of the same list (same path and filters). */
export function pageHref(context: RequestContext, pageParam: string, page: number, pageSize: number): string {
  const url = new URL(context.url.pathname + context.url.search, context.urls.apiUrl);
  url.searchParams.set(pageParam, String(page));
  url.searchParams.set('pagesize', String(pageSize));
  return url.href;
}

function positiveInteger(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new ApiError(400, 'bad_request', `${name} must be a whole number of 1 or more (got ${JSON.stringify(value)}).`);
  return Number(value);
}

/** Part B's paging object: `previous` and `next` URL strings (null at the ends), with the counts some lists add. */
export function urlPaging(context: RequestContext, pageParam: string, request: PageRequest, page: ReturnType<typeof pageOf>, itemCount: number) {
  return {
    previous: page.hasPrevious ? pageHref(context, pageParam, request.page - 1, request.pageSize) : null,
    next: page.hasNext ? pageHref(context, pageParam, request.page + 1, request.pageSize) : null,
    page_count: page.pageCount,
    item_count: itemCount,
  };
}
