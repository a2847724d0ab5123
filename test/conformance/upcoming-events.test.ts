// Part B, "Upcoming events": a channel's list with page and pagesize (default 50, max 50), `events` and
// `paging` (previous, next); 401 invalid_token for a protected list without the owner's token; 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectRouteAnswers, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, MISSING_ID, nowSeconds, useSandbox } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const LIST = 'GET /channels/<channel_id>/upcoming-events.<format>';

// "Upcoming event": id, title, description, start (timestamp), duration (expected seconds).
const eventShape = z.object({ id: z.string(), title: z.string(), description: z.string(), start: z.number().int(), duration: z.number().int() });
const listShape = z.object({ events: z.array(eventShape), paging: z.object({ previous: z.string().nullish(), next: z.string().nullish() }) });

describe('upcoming events', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let rival: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });
  const events = (id: string) => handle.api(`/channels/${id}/upcoming-events.json`);

  it('200 with events and paging; page and pagesize walk the list', async () => {
    covers(LIST, 'success');
    const live = channelId(handle.sandbox, 'Demo Live');
    const result = await request('GET', events(live));
    expectStatus(result, 200);
    const all = bodyOf(result, listShape).events;
    expect(all.length, 'the seeded demo channel has upcoming events').toBeGreaterThanOrEqual(2);
    for (const event of all) expect(event.start + event.duration).toBeGreaterThan(nowSeconds());
    const second = bodyOf(await request('GET', events(live), { query: { page: 2, pagesize: 1 } }), listShape);
    expect(second.events.map((event) => event.id)).toEqual([all[1]?.id]);
    expect(second.paging.previous).toMatch(/^https?:\/\//);
    expect(second.paging.next).toMatch(/^https?:\/\//);
    const next = bodyOf(await request('GET', new URL(second.paging.next!, handle.sandbox.apiUrl).toString()), listShape);
    expect(next.events.map((event) => event.id)).toEqual([all[2]?.id]);
  });

  it('pagesize defaults to 50 and is at most 50', async () => {
    covers(LIST, 'success');
    const backstage = channelId(handle.sandbox, 'Backstage');
    // The spec has no call that schedules an event: the sandbox operator does.
    for (let index = 0; index < 55; index++) {
      handle.sandbox.admin.scheduleEvent(backstage, { title: `Episode ${index + 1}`, start: nowSeconds() + 3600 * (index + 1), duration: 1800 });
    }
    const first = bodyOf(await request('GET', events(backstage)), listShape);
    expect(first.events).toHaveLength(50);
    expect(first.paging.next).toMatch(/^https?:\/\//);
    const capped = bodyOf(await request('GET', events(backstage), { query: { pagesize: 100 } }), listShape);
    expect(capped.events).toHaveLength(50);
    const rest = bodyOf(await request('GET', events(backstage), { query: { page: 2 } }), listShape);
    expect(rest.events).toHaveLength(5);
    expect(rest.paging.next ?? null).toBeNull();
  });

  it('401 invalid_token: a protected list is its owner\'s only', async () => {
    covers(LIST, '401 invalid_token');
    const locked = events(channelId(handle.sandbox, 'Locked Room'));
    expectError(await request('GET', locked), 401, 'invalid_token');
    expectError(await request('GET', locked, { token: rival }), 401, 'invalid_token');
    expectError(await request('GET', locked, { token: { kind: 'bearer', accessToken: 'malformed' } }), 401, 'invalid_token');
    expectStatus(await request('GET', locked, { token: demo }), 200);
  });

  it('404 not_found for a channel that does not exist', async () => {
    covers(LIST, '404 not_found');
    expectRouteAnswers(await request('GET', events(channelId(handle.sandbox, 'Demo Live'))));
    expectError(await request('GET', events(MISSING_ID)), 404, 'not_found');
  });
});
