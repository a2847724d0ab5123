// Part B, "Videos": the list of a channel and of the user (page, pagesize, paging with previous and next
// URL strings; 401 invalid_token for a protected list), get with detail levels, delete.
import { beforeAll, describe, expect, it } from 'vitest';
import { covers, notApplicable } from './coverage.js';
import { describeResult, expectError, expectRouteAnswers, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, MISSING_ID, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf, minimalVideoShape, videoListShape, videoShape } from './spec-shapes.js';
import { z } from 'zod';

const CHANNEL_LIST = 'GET /channels/<channel_id>/videos.<format>';
const USER_LIST = 'GET /users/self/videos.<format>';
const GET = 'GET /videos/<video_id>.<format>';
const DELETE = 'DELETE /videos/<video_id>.<format>';

notApplicable(USER_LIST, '404 not_found', '/users/self always names the token\'s own user, so there is no missing user or channel behind this list');

const videoEnvelope = z.object({ video: videoShape });

describe('videos', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let rival: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  const live = () => channelId(handle.sandbox, 'Demo Live');
  const videoUrl = (id: string) => handle.api(`/videos/${id}.json`);

  describe(CHANNEL_LIST, () => {
    it('200 with videos and paging', async () => {
      covers(CHANNEL_LIST, 'success');
      const result = await request('GET', handle.api(`/channels/${live()}/videos.json`), { token: demo });
      expectStatus(result, 200);
      const body = bodyOf(result, videoListShape);
      const titles = body.videos.map((video) => video.title);
      expect(titles).toEqual(expect.arrayContaining(['Launch stream', 'Q&A night']));
      expect(titles).not.toContain('Behind the scenes');
      for (const video of body.videos) expect(video.links.channel.href).toContain(live());
    });

    it('page and pagesize; paging.previous and paging.next are URL strings', async () => {
      covers(CHANNEL_LIST, 'success');
      const all = bodyOf(await request('GET', handle.api(`/channels/${live()}/videos.json`), { token: demo }), videoListShape).videos;
      expect(all.length, 'the owner sees all three seeded videos of Demo Live').toBeGreaterThanOrEqual(3);
      const result = await request('GET', handle.api(`/channels/${live()}/videos.json`), { token: demo, query: { page: 2, pagesize: 1 } });
      expectStatus(result, 200);
      const page = bodyOf(result, videoListShape);
      expect(page.videos.map((video) => video.id)).toEqual([all[1]?.id]);
      for (const name of ['previous', 'next'] as const) {
        const link = page.paging[name];
        expect(link, `paging.${name}: ${describeResult(result)}`).toBeTypeOf('string');
        expect(() => new URL(link!, handle.sandbox.apiUrl)).not.toThrow();
      }
      const next = await request('GET', new URL(page.paging.next!, handle.sandbox.apiUrl).toString(), { token: demo });
      expect(bodyOf(next, videoListShape).videos.map((video) => video.id)).toEqual([all[2]?.id]);
      const previous = await request('GET', new URL(page.paging.previous!, handle.sandbox.apiUrl).toString(), { token: demo });
      expect(bodyOf(previous, videoListShape).videos.map((video) => video.id)).toEqual([all[0]?.id]);
    });

    it('sort=recent orders by created_at, sort=popular by views', async () => {
      covers(CHANNEL_LIST, 'success');
      const recent = bodyOf(await request('GET', handle.api(`/channels/${live()}/videos.json`), { token: demo, query: { sort: 'recent' } }), videoListShape).videos;
      const created = recent.map((video) => video.created_at);
      expect(created, 'newest first').toEqual([...created].sort((a, b) => b - a));
      const popular = bodyOf(await request('GET', handle.api(`/channels/${live()}/videos.json`), { token: demo, query: { sort: 'popular' } }), videoListShape).videos;
      const views = popular.map((video) => video.views);
      expect(views, 'most viewed first').toEqual([...views].sort((a, b) => b - a));
    });

    it('filter[protect] selects public or private videos', async () => {
      covers(CHANNEL_LIST, 'success');
      const url = handle.api(`/channels/${live()}/videos.json`);
      const onlyPrivate = bodyOf(await request('GET', url, { token: demo, query: { 'filter[protect]': 'private' } }), videoListShape).videos.map((video) => video.title);
      expect(onlyPrivate).toEqual(['Rehearsal (unlisted)']);
      const onlyPublic = bodyOf(await request('GET', url, { token: demo, query: { 'filter[protect]': 'public' } }), videoListShape).videos.map((video) => video.title);
      expect(onlyPublic.sort()).toEqual(['Launch stream', 'Q&A night']);
      const both = bodyOf(await request('GET', url, { token: demo, query: { 'filter[protect]': 'public,private' } }), videoListShape).videos;
      expect(both).toHaveLength(3);
    });

    it('q searches public videos by text; caption_matches appear only with q', async () => {
      covers(CHANNEL_LIST, 'success');
      const url = handle.api(`/channels/${live()}/videos.json`);
      const found = bodyOf(await request('GET', url, { token: demo, query: { q: 'Launch' } }), videoListShape).videos.map((video) => video.title);
      expect(found).toContain('Launch stream');
      expect(found).not.toContain('Q&A night');
      const plain = bodyOf(await request('GET', url, { token: demo }), videoListShape).videos;
      for (const video of plain) expect(video).not.toHaveProperty('caption_matches');
    });

    it('401 invalid_token: a protected list without a valid owner token', async () => {
      covers(CHANNEL_LIST, '401 invalid_token');
      const locked = handle.api(`/channels/${channelId(handle.sandbox, 'Locked Room')}/videos.json`);
      expectError(await request('GET', locked), 401, 'invalid_token');
      expectError(await request('GET', locked, { token: { kind: 'bearer', accessToken: 'malformed' } }), 401, 'invalid_token');
      expectError(await request('GET', locked, { token: rival }), 401, 'invalid_token');
      expectStatus(await request('GET', locked, { token: demo }), 200);
    });

    it('404 not_found for a channel that does not exist', async () => {
      covers(CHANNEL_LIST, '404 not_found');
      expectRouteAnswers(await request('GET', handle.api(`/channels/${live()}/videos.json`), { token: demo }));
      expectError(await request('GET', handle.api(`/channels/${MISSING_ID}/videos.json`), { token: demo }), 404, 'not_found');
    });
  });

  describe(USER_LIST, () => {
    it('200 with the user\'s videos of all channels and paging', async () => {
      covers(USER_LIST, 'success');
      const result = await request('GET', handle.api('/users/self/videos.json'), { token: demo });
      expectStatus(result, 200);
      const titles = bodyOf(result, videoListShape).videos.map((video) => video.title);
      expect(titles).toEqual(expect.arrayContaining(['Launch stream', 'Q&A night', 'Behind the scenes']));
      const page = bodyOf(await request('GET', handle.api('/users/self/videos.json'), { token: demo, query: { page: 2, pagesize: 1 } }), videoListShape);
      expect(page.videos).toHaveLength(1);
      expect(page.paging.previous).toBeTypeOf('string');
      expect(page.paging.next).toBeTypeOf('string');
    });

    it('401 invalid_token without a valid token', async () => {
      covers(USER_LIST, '401 invalid_token');
      expectError(await request('GET', handle.api('/users/self/videos.json')), 401, 'invalid_token');
      const revoked = await bearerToken(handle.sandbox);
      handle.sandbox.admin.revokeToken(revoked.accessToken);
      expectError(await request('GET', handle.api('/users/self/videos.json'), { token: revoked }), 401, 'invalid_token');
    });
  });

  describe(GET, () => {
    it('200 with the video', async () => {
      covers(GET, 'success');
      const id = videoId(handle.sandbox, 'Launch stream');
      const result = await request('GET', videoUrl(id));
      expectStatus(result, 200);
      const { video } = bodyOf(result, videoEnvelope);
      expect(video).toMatchObject({ id, title: 'Launch stream' });
      expect(video.links.channel.id, 'links.channel.id in a single-video response').toBe(live());
      expect(video.stream?.dhls, 'dhls only with detail_level owner').toBeUndefined();
      expect(video.created_at, 'created_at equals added_at by default').toBe(video.added_at);
    });

    it('a private video gives 401 without a valid owner token (Part B, Authentication)', async () => {
      const id = videoId(handle.sandbox, 'Rehearsal (unlisted)');
      expectStatus(await request('GET', videoUrl(id)), 401);
      expectStatus(await request('GET', videoUrl(id), { token: rival }), 401);
      expectStatus(await request('GET', videoUrl(id), { token: demo }), 200);
    });

    it('detail_level=minimal: id and links only', async () => {
      covers(GET, 'success');
      const id = videoId(handle.sandbox, 'Launch stream');
      const result = await request('GET', videoUrl(id), { query: { detail_level: 'minimal' } });
      expectStatus(result, 200);
      expect(Object.keys(bodyOf(result, z.object({ video: minimalVideoShape })).video).sort()).toEqual(['id', 'links']);
    });

    it('detail_level=owner with the owner token adds stream.dhls (the demo account has the feature)', async () => {
      covers(GET, 'success');
      const result = await request('GET', videoUrl(videoId(handle.sandbox, 'Launch stream')), { token: demo, query: { detail_level: 'owner' } });
      expectStatus(result, 200);
      expect(bodyOf(result, videoEnvelope).video.stream?.dhls).toBeTypeOf('string');
    });

    it('detail_level=owner always needs a token', async () => {
      expectStatus(await request('GET', videoUrl(videoId(handle.sandbox, 'Launch stream')), { query: { detail_level: 'owner' } }), 401);
    });

    it('404 not_found for a video that does not exist', async () => {
      covers(GET, '404 not_found');
      expectRouteAnswers(await request('GET', videoUrl(videoId(handle.sandbox, 'Launch stream'))));
      expectError(await request('GET', videoUrl(MISSING_ID)), 404, 'not_found');
    });
  });

  describe(DELETE, () => {
    it('200; the video is gone afterwards', async () => {
      covers(DELETE, 'success');
      const id = videoId(handle.sandbox, 'Behind the scenes');
      expectStatus(await request('DELETE', videoUrl(id), { token: demo }), 200);
      expectError(await request('GET', videoUrl(id), { token: demo }), 404, 'not_found');
    });

    it('403 lack_of_ownership for a video of another user', async () => {
      covers(DELETE, '403 lack_of_ownership');
      const id = videoId(handle.sandbox, 'Q&A night');
      expectError(await request('DELETE', videoUrl(id), { token: rival }), 403, 'lack_of_ownership');
      expectStatus(await request('GET', videoUrl(id)), 200);
    });

    it('404 not_found for a video that does not exist', async () => {
      covers(DELETE, '404 not_found');
      expectError(await request('DELETE', videoUrl(MISSING_ID), { token: demo }), 404, 'not_found');
    });
  });
});
