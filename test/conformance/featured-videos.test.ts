// Part B, "Featured videos of a channel": the list (page, pagesize default 50 max 50, detail_level minimal;
// `videos` and `paging` with previous, next, page_count, item_count) and setting it with `video_ids[]`
// (X-Collection-Limit / X-Collection-Remaining headers; 401, 403 permission_denied, 404, 413 limit_reached).
// The sandbox runs with a featured limit of 2 so the limit is reachable with the seeded videos.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectRouteAnswers, expectStatus, expectSuccess, request, type AccessToken, type HttpResult } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, MISSING_ID, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf, channelCreationShape, minimalVideoShape, videoShape } from './spec-shapes.js';

const LIST = 'GET /channels/<channel_id>/featured-videos.<format>';
const SET = 'PUT /channels/<channel_id>/featured-videos.<format>';
const LIMIT = 2;

const count = z.number().int().nonnegative();
const pagingShape = z.object({ previous: z.string().nullish(), next: z.string().nullish(), page_count: count, item_count: count });
// "links: channel with href and, in single-video and featured/playlist responses, id"
const featuredVideoShape = videoShape.extend({ links: z.object({ channel: z.object({ href: z.string(), id: z.string() }) }) });
const listShape = z.object({ videos: z.array(featuredVideoShape), paging: pagingShape });
const minimalListShape = z.object({ videos: z.array(minimalVideoShape), paging: pagingShape });

/** The two capacity headers as integers (the spec: "integer, maximum featured videos" / "how many more"). */
function capacity(result: HttpResult): { limit: number; remaining: number } {
  const limit = result.headers.get('x-collection-limit');
  const remaining = result.headers.get('x-collection-remaining');
  expect(limit, 'X-Collection-Limit').toMatch(/^\d+$/);
  expect(remaining, 'X-Collection-Remaining').toMatch(/^\d+$/);
  return { limit: Number(limit), remaining: Number(remaining) };
}

describe('featured videos', () => {
  const handle = useSandbox({ collectionLimits: { featuredVideos: LIMIT } });
  let demo: AccessToken;
  let rival: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  const live = () => channelId(handle.sandbox, 'Demo Live');
  const featured = (id: string) => handle.api(`/channels/${id}/featured-videos.json`);
  const video = (title: string) => videoId(handle.sandbox, title);
  const setFeatured = (channel: string, ids: readonly string[], token: AccessToken | null = demo) =>
    request('PUT', featured(channel), { token, form: { 'video_ids[]': ids.length === 0 ? [''] : ids } });

  describe(SET, () => {
    it('sets the list in the order sent; the headers say the limit and how many more fit', async () => {
      covers(SET, 'success');
      const first = await setFeatured(live(), [video('Q&A night'), video('Launch stream')]);
      expectSuccess(first);
      expect(capacity(first)).toEqual({ limit: LIMIT, remaining: 0 });
      const listed = bodyOf(await request('GET', featured(live())), listShape);
      expect(listed.videos.map((entry) => entry.title)).toEqual(['Q&A night', 'Launch stream']);
      const one = await setFeatured(live(), [video('Launch stream')]);
      expectSuccess(one);
      expect(capacity(one)).toEqual({ limit: LIMIT, remaining: LIMIT - 1 });
      const cleared = await setFeatured(live(), []);
      expectSuccess(cleared);
      expect(capacity(cleared)).toEqual({ limit: LIMIT, remaining: LIMIT });
      expect(bodyOf(await request('GET', featured(live())), listShape).videos).toEqual([]);
    });

    it('401 invalid_token without a valid token', async () => {
      covers(SET, '401 invalid_token');
      expectError(await setFeatured(live(), [video('Launch stream')], null), 401, 'invalid_token');
      expectError(await setFeatured(live(), [video('Launch stream')], { kind: 'bearer', accessToken: 'malformed' }), 401, 'invalid_token');
    });

    it('403 permission_denied for a channel or a video the user has no access to', async () => {
      covers(SET, '403 permission_denied');
      expectError(await setFeatured(live(), [video('Launch stream')], rival), 403, 'permission_denied');
      const created = await request('POST', handle.api('/users/self/channels.json'), { token: rival, form: { title: 'Rival Featured' } });
      expectStatus(created, 201);
      const rivalChannel = bodyOf(created, channelCreationShape).channel.id;
      expectError(await setFeatured(rivalChannel, [video('Launch stream')], rival), 403, 'permission_denied');
    });

    it('404 not_found for a missing channel or video', async () => {
      covers(SET, '404 not_found');
      expectError(await setFeatured(MISSING_ID, [video('Launch stream')]), 404, 'not_found');
      expectError(await setFeatured(live(), [video('Launch stream'), MISSING_ID]), 404, 'not_found');
    });

    it('413 limit_reached when the list would hold more than the limit; nothing changes', async () => {
      covers(SET, '413 limit_reached');
      expectSuccess(await setFeatured(live(), [video('Launch stream')]));
      const full = await setFeatured(live(), [video('Launch stream'), video('Q&A night'), video('Rehearsal (unlisted)')]);
      expectError(full, 413, 'limit_reached');
      expect(capacity(full).limit).toBe(LIMIT);
      expect(bodyOf(await request('GET', featured(live())), listShape).videos.map((entry) => entry.title)).toEqual(['Launch stream']);
    });
  });

  describe(LIST, () => {
    it('200 with videos (links.channel.id set) and paging with previous, next, page_count, item_count', async () => {
      covers(LIST, 'success');
      expectSuccess(await setFeatured(live(), [video('Launch stream'), video('Q&A night')]));
      const result = await request('GET', featured(live()));
      expectStatus(result, 200);
      const body = bodyOf(result, listShape);
      expect(body.videos.map((entry) => entry.id)).toEqual([video('Launch stream'), video('Q&A night')]);
      expect(body.videos[0]?.links.channel.id).toBe(live());
      expect(body.paging).toMatchObject({ page_count: 1, item_count: 2 });
      const second = bodyOf(await request('GET', featured(live()), { query: { page: 2, pagesize: 1 } }), listShape);
      expect(second.videos.map((entry) => entry.id)).toEqual([video('Q&A night')]);
      expect(second.paging).toMatchObject({ page_count: 2, item_count: 2 });
      expect(second.paging.previous).toMatch(/^https?:\/\//);
      expect(second.paging.next ?? null).toBeNull();
    });

    it('detail_level=minimal gives id and links only', async () => {
      covers(LIST, 'success');
      const body = bodyOf(await request('GET', featured(live()), { query: { detail_level: 'minimal' } }), minimalListShape);
      expect(body.videos.length).toBeGreaterThan(0);
    });

    it('a private featured video is listed for its owner only', async () => {
      covers(LIST, 'success');
      expectSuccess(await setFeatured(live(), [video('Rehearsal (unlisted)'), video('Launch stream')]));
      expect(bodyOf(await request('GET', featured(live())), listShape).videos.map((entry) => entry.title)).toEqual(['Launch stream']);
      expect(bodyOf(await request('GET', featured(live()), { token: demo }), listShape).videos.map((entry) => entry.title)).toEqual(['Rehearsal (unlisted)', 'Launch stream']);
    });

    it('404 not_found for a missing channel, or one that does not show its featured videos (password-locked)', async () => {
      covers(LIST, '404 not_found');
      expectRouteAnswers(await request('GET', featured(live())));
      expectError(await request('GET', featured(MISSING_ID)), 404, 'not_found');
      const locked = channelId(handle.sandbox, 'Locked Room');
      expectError(await request('GET', featured(locked)), 404, 'not_found');
      expectStatus(await request('GET', featured(locked), { token: demo }), 200);
    });

    it('a deleted video leaves the featured list', async () => {
      const gone = video('Behind the scenes');
      expectSuccess(await setFeatured(live(), [gone, video('Launch stream')]));
      expectStatus(await request('DELETE', handle.api(`/videos/${gone}.json`), { token: demo }), 200);
      const after = await request('GET', featured(live()), { token: demo });
      expect(bodyOf(after, listShape).videos.map((entry) => entry.id)).toEqual([video('Launch stream')]);
      expect(capacity(after)).toEqual({ limit: LIMIT, remaining: LIMIT - 1 });
    });
  });
});
