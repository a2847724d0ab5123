// Upcoming events of a channel (spec part B, "Upcoming events"). A protected list is its owner's only.
import { numberedList, type ListPage } from '../paging.js';
import type { PlatformCaller } from '../platform-request.js';
import { readAuth, segment, type ReadOptions } from './request-parts.js';
import { upcomingEventListBody, type UpcomingEvent } from './schemas.js';

export interface UpcomingEventListOptions extends ReadOptions {
  /** Events per request (default 50, at most 50); the iterator asks for every page. */
  readonly pageSize?: number;
}

const ENDPOINT = 'GET /channels/<channel_id>/upcoming-events.<format>';

export function upcomingEventsApi(caller: PlatformCaller) {
  const eventList = (channelId: string, options: UpcomingEventListOptions) =>
    numberedList(ENDPOINT, async (page) => {
      const { body } = await caller.call(
        { method: 'GET', path: `/channels/${segment(channelId)}/upcoming-events.json`, query: { page, pagesize: options.pageSize }, endpoint: ENDPOINT, auth: readAuth(options) },
        upcomingEventListBody,
      );
      return { items: body.events, paging: body.paging };
    });
  return {
    list(channelId: string, options: UpcomingEventListOptions = {}): AsyncIterable<UpcomingEvent> {
      return eventList(channelId, options).all();
    },

    /** One page (1-based), for a view that pages instead of reading everything. */
    page(channelId: string, page: number, options: UpcomingEventListOptions = {}): Promise<ListPage<UpcomingEvent>> {
      return eventList(channelId, options).page(page);
    },
  };
}
