// Upcoming events of a channel (spec part B, "Upcoming events"): events not yet over, soonest first, with
// page/pagesize (50, at most 50). A password-locked channel's list is its owner's only (401 invalid_token).
import { ApiError } from '../http/api-error.js';
import { ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { nowSeconds } from '../state/random.js';
import { upcomingEventsOf } from '../state/upcoming-events.js';
import { canManageChannel, findChannel } from './access.js';
import { pageHref, pageOf, pageRequest } from './paging.js';

export function registerUpcomingEventRoutes(router: Router): void {
  router.get('/channels/:channel_id/upcoming-events.:format', listUpcomingEvents);
}

function listUpcomingEvents(context: RequestContext) {
  const channel = findChannel(context);
  const principal = context.principal();
  if (channel.password !== null && !(principal !== null && canManageChannel(context.store.data, principal.account, channel))) {
    throw new ApiError(401, 'invalid_token', principal ? 'This channel is protected: only its owner may list its events.' : (context.authProblem() ?? 'This channel is protected: list its events with a token of its owner.'));
  }
  const request = pageRequest(context, { pageParam: 'page', defaultSize: 50, maxSize: 50 });
  const page = pageOf(upcomingEventsOf(context.store.data, channel.id, nowSeconds()), request);
  return ok({
    events: page.items.map((event) => ({ id: event.id, title: event.title, description: event.description, start: event.start, duration: event.duration })),
    paging: {
      previous: page.hasPrevious ? pageHref(context, 'page', request.page - 1, request.pageSize) : null,
      next: page.hasNext ? pageHref(context, 'page', request.page + 1, request.pageSize) : null,
    },
  });
}
