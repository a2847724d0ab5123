// Upcoming events of a channel (spec part B, "Upcoming events"). A protected list is its owner's only.
import { pagedItems, pageOf } from '../paging.js';
import type { PlatformCaller } from '../platform-request.js';
import { readAuth, segment, type ReadOptions } from './request-parts.js';
import { upcomingEventListBody, type UpcomingEvent } from './schemas.js';

export interface UpcomingEventListOptions extends ReadOptions {
  /** Events per request (default 50, at most 50); the iterator asks for every page. */
  readonly pageSize?: number;
}

export function upcomingEventsApi(caller: PlatformCaller) {
  return {
    list(channelId: string, options: UpcomingEventListOptions = {}): AsyncIterable<UpcomingEvent> {
      const endpoint = 'GET /channels/<channel_id>/upcoming-events.<format>';
      return pagedItems(endpoint, async (page) => {
        const { body } = await caller.call(
          { method: 'GET', path: `/channels/${segment(channelId)}/upcoming-events.json`, query: { page, pagesize: options.pageSize }, endpoint, auth: readAuth(options) },
          upcomingEventListBody,
        );
        return pageOf(body.events, body.paging);
      });
    },
  };
}
