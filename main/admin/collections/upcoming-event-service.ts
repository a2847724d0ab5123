// A channel's upcoming events, a page at a time (part B, "Upcoming events": 50 a page). The platform has no
// call that schedules one, so the list is read-only.
import { UPCOMING_EVENTS_PAGE_SIZE, type UpcomingEventPage, type NamespaceImplementation, type upcomingEventsNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { CHANNEL_GONE, explained } from './collection-errors.js';
import { eventRow } from './collection-rows.js';

export class UpcomingEventService extends PlatformBackedService implements NamespaceImplementation<typeof upcomingEventsNamespace> {
  async page(channelId: string, page: number): Promise<UpcomingEventPage> {
    const api = await this.api();
    const found = await explained(() => api.upcomingEvents.page(channelId, page, { pageSize: UPCOMING_EVENTS_PAGE_SIZE }), { byStatus: { 404: CHANNEL_GONE } });
    return { channelId, items: found.items.map(eventRow), page, hasPrevious: found.hasPrevious, hasNext: found.hasNext };
  }
}
