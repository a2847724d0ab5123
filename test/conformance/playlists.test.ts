// Part B, "Playlists": the user's playlists and a channel's playlists (list with filter[include_empty] and
// paging, create with a Location header, read, rename, delete) and the videos in a playlist (list with
// page size up to 200, read one, add and remove with the X-Collection-* headers and 413 limit_reached,
// move to a position). The sandbox runs with a playlist limit of 3 videos so the limit is reachable.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectRouteAnswers, expectStatus, expectSuccess, request, type AccessToken, type HttpResult } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, MISSING_ID, unique, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const USER_LIST = 'GET /playlists.<format>';
const USER_CREATE = 'POST /playlists.<format>';
const GET = 'GET /playlists/<playlist_id>.<format>';
const RENAME = 'PUT /playlists/<playlist_id>.<format>';
const DELETE = 'DELETE /playlists/<playlist_id>.<format>';
const VIDEOS = 'GET /playlists/<playlist_id>/videos.<format>';
const VIDEO = 'GET /playlists/<playlist_id>/videos/<video_id>.<format>';
const ADD = 'PUT /playlists/<playlist_id>/videos/<video_id>.<format>';
const REMOVE = 'DELETE /playlists/<playlist_id>/videos/<video_id>.<format>';
const POSITION = 'PUT /playlists/<playlist_id>/videos/<video_id>/position.<format>';
const CHANNEL_LIST = 'GET /channels/<channel_id>/playlists.<format>';
const CHANNEL_CREATE = 'POST /channels/<channel_id>/playlists.<format>';
const LIMIT = 3;

const integer = z.number().int();
// "Playlist": channel_id is an integer; a user's playlist belongs to no channel, so it may be null there.
const playlistShape = z.object({
  id: z.string(),
  title: z.string(),
  total_duration: z.string().regex(/^\d+(\.\d+)?$/, 'seconds as a decimal string'),
  created_at: integer,
  updated_at: integer,
  channel_id: integer.nullable(),
});
const pagingShape = z.object({ previous: z.string().nullish(), next: z.string().nullish(), page_count: integer.optional(), item_count: integer.optional() });
const playlistEnvelope = z.object({ playlist: playlistShape });
const playlistListShape = z.object({ playlists: z.array(playlistShape), paging: pagingShape });
// "Playlist video"
const playlistVideoShape = z.object({
  id: z.string(),
  title: z.string(),
  number_of_thumbnails: integer,
  picture_revision: integer,
  channel_id: z.string(),
  video_views: integer,
  thumbnail: z.string(),
  created_at: integer,
  added_at: integer,
  order: integer,
});
const playlistVideoListShape = z.object({ videos: z.array(playlistVideoShape), paging: pagingShape });
const minimalVideoListShape = z.object({ videos: z.array(z.object({ id: z.string() })), paging: pagingShape });

function capacity(result: HttpResult): { limit: number; remaining: number } {
  const limit = result.headers.get('x-collection-limit');
  const remaining = result.headers.get('x-collection-remaining');
  expect(limit, 'X-Collection-Limit').toMatch(/^\d+$/);
  expect(remaining, 'X-Collection-Remaining').toMatch(/^\d+$/);
  return { limit: Number(limit), remaining: Number(remaining) };
}

describe('playlists', () => {
  const handle = useSandbox({ collectionLimits: { playlistVideos: LIMIT } });
  let demo: AccessToken;
  let rival: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  const live = () => channelId(handle.sandbox, 'Demo Live');
  const video = (title: string) => videoId(handle.sandbox, title);
  const userPlaylists = () => handle.api('/playlists.json');
  const playlistUrl = (id: string) => handle.api(`/playlists/${id}.json`);
  const videosUrl = (id: string) => handle.api(`/playlists/${id}/videos.json`);
  const entryUrl = (id: string, video: string) => handle.api(`/playlists/${id}/videos/${video}.json`);
  const positionUrl = (id: string, video: string) => handle.api(`/playlists/${id}/videos/${video}/position.json`);
  const channelPlaylists = (channel: string) => handle.api(`/channels/${channel}/playlists.json`);

  async function newPlaylist(token: AccessToken = demo, title = unique('playlist')): Promise<string> {
    const result = await request('POST', userPlaylists(), { token, form: { title } });
    expectSuccess(result);
    return bodyOf(result, playlistEnvelope).playlist.id;
  }

  async function withVideos(titles: readonly string[]): Promise<string> {
    const id = await newPlaylist();
    for (const title of titles) expectSuccess(await request('PUT', entryUrl(id, video(title)), { token: demo }));
    return id;
  }

  async function order(id: string, token: AccessToken | null = demo): Promise<string[]> {
    return bodyOf(await request('GET', videosUrl(id), { token }), playlistVideoListShape).videos.map((entry) => entry.title);
  }

  describe(USER_CREATE, () => {
    it('answers the playlist and a Location header that addresses it', async () => {
      covers(USER_CREATE, 'success');
      const result = await request('POST', userPlaylists(), { token: demo, form: { title: 'Road trip' } });
      expectSuccess(result);
      const { playlist } = bodyOf(result, playlistEnvelope);
      expect(playlist).toMatchObject({ title: 'Road trip', channel_id: null });
      const location = result.headers.get('location');
      expect(location, 'Location header').toBeTruthy();
      const fetched = await request('GET', new URL(location!, handle.sandbox.apiUrl).toString(), { token: demo });
      expect(bodyOf(fetched, playlistEnvelope).playlist.id).toBe(playlist.id);
    });
    it('400 bad_request when the title is missing', async () => {
      covers(USER_CREATE, '400 bad_request');
      expectError(await request('POST', userPlaylists(), { token: demo, form: {} }), 400, 'bad_request');
      expectError(await request('POST', userPlaylists(), { token: demo, form: { title: '' } }), 400, 'bad_request');
    });
    it('401 invalid_token without a valid token', async () => {
      covers(USER_CREATE, '401 invalid_token');
      expectError(await request('POST', userPlaylists(), { form: { title: 'x' } }), 401, 'invalid_token');
    });
  });

  describe(USER_LIST, () => {
    it('200 with playlists and paging; empty playlists only with filter[include_empty]', async () => {
      covers(USER_LIST, 'success');
      const empty = await newPlaylist();
      const filled = await withVideos(['Launch stream']);
      const plain = bodyOf(await request('GET', userPlaylists(), { token: demo }), playlistListShape).playlists.map((playlist) => playlist.id);
      expect(plain).toContain(filled);
      expect(plain).not.toContain(empty);
      const all = bodyOf(await request('GET', userPlaylists(), { token: demo, query: { 'filter[include_empty]': 1 } }), playlistListShape);
      expect(all.playlists.map((playlist) => playlist.id)).toEqual(expect.arrayContaining([empty, filled]));
      const page = bodyOf(await request('GET', userPlaylists(), { token: demo, query: { 'filter[include_empty]': 1, page: 2, pagesize: 1 } }), playlistListShape);
      expect(page.playlists).toHaveLength(1);
      expect(page.paging.previous).toMatch(/^https?:\/\//);
      expect(page.paging.item_count).toBe(all.playlists.length);
      const rivalList = bodyOf(await request('GET', userPlaylists(), { token: rival, query: { 'filter[include_empty]': 1 } }), playlistListShape);
      expect(rivalList.playlists.map((playlist) => playlist.id)).not.toContain(filled);
    });
    it('401 invalid_token without a valid token', async () => {
      covers(USER_LIST, '401 invalid_token');
      expectError(await request('GET', userPlaylists()), 401, 'invalid_token');
    });
  });

  describe(GET, () => {
    it('200 with the playlist: title, total_duration (sum of the video lengths), times', async () => {
      covers(GET, 'success');
      const id = await withVideos(['Launch stream', 'Q&A night']);
      const result = await request('GET', playlistUrl(id), { token: demo });
      expectStatus(result, 200);
      const { playlist } = bodyOf(result, playlistEnvelope);
      const lengths = await Promise.all(
        ['Launch stream', 'Q&A night'].map(async (title) => {
          const read = await request('GET', handle.api(`/videos/${video(title)}.json`));
          return Number(bodyOf(read, z.object({ video: z.object({ length: z.string() }) })).video.length);
        }),
      );
      expect(Number(playlist.total_duration)).toBeCloseTo(lengths.reduce((sum, length) => sum + length, 0));
      expect(playlist.updated_at).toBeGreaterThanOrEqual(playlist.created_at);
    });
    it('a channel playlist is read without a token', async () => {
      covers(GET, 'success');
      const created = await request('POST', channelPlaylists(live()), { token: demo, form: { title: unique('channel list') } });
      const location = created.headers.get('location')!;
      const result = await request('GET', new URL(location, handle.sandbox.apiUrl).toString());
      expectStatus(result, 200);
      expect(bodyOf(result, playlistEnvelope).playlist.channel_id).toBe(Number(live()));
    });
    it('401 invalid_token: a playlist not on a channel needs a token', async () => {
      covers(GET, '401 invalid_token');
      const id = await newPlaylist();
      expectError(await request('GET', playlistUrl(id)), 401, 'invalid_token');
    });
    it("403 permission_denied for another user's playlist", async () => {
      covers(GET, '403 permission_denied');
      expectError(await request('GET', playlistUrl(await newPlaylist()), { token: rival }), 403, 'permission_denied');
    });
    it('404 not_found for a missing playlist, or a channel playlist that is not enabled', async () => {
      covers(GET, '404 not_found');
      expectRouteAnswers(await request('GET', playlistUrl(await newPlaylist()), { token: demo }));
      expectError(await request('GET', playlistUrl(MISSING_ID), { token: demo }), 404, 'not_found');
      const hidden = await request('POST', channelPlaylists(live()), { token: demo, form: { title: unique('hidden'), is_enabled: 0 } });
      const url = new URL(hidden.headers.get('location')!, handle.sandbox.apiUrl).toString();
      expectError(await request('GET', url), 404, 'not_found');
      expectStatus(await request('GET', url, { token: demo }), 200);
    });
  });

  describe(RENAME, () => {
    it('200; the title changes', async () => {
      covers(RENAME, 'success');
      const id = await newPlaylist();
      expectStatus(await request('PUT', playlistUrl(id), { token: demo, form: { title: 'Renamed list' } }), 200);
      expect(bodyOf(await request('GET', playlistUrl(id), { token: demo }), playlistEnvelope).playlist.title).toBe('Renamed list');
    });
    it('400 bad_request without a title', async () => {
      covers(RENAME, '400 bad_request');
      expectError(await request('PUT', playlistUrl(await newPlaylist()), { token: demo, form: { title: '' } }), 400, 'bad_request');
    });
    it('401 without a valid token', async () => {
      covers(RENAME, '401');
      expectError(await request('PUT', playlistUrl(await newPlaylist()), { form: { title: 'x' } }), 401);
    });
    it("403 for another user's playlist", async () => {
      covers(RENAME, '403');
      expectError(await request('PUT', playlistUrl(await newPlaylist()), { token: rival, form: { title: 'taken' } }), 403);
    });
    it('404 for a missing playlist', async () => {
      covers(RENAME, '404');
      expectError(await request('PUT', playlistUrl(MISSING_ID), { token: demo, form: { title: 'x' } }), 404);
    });
  });

  describe(DELETE, () => {
    it('200; the playlist is gone', async () => {
      covers(DELETE, 'success');
      const id = await newPlaylist();
      expectStatus(await request('DELETE', playlistUrl(id), { token: demo }), 200);
      expectError(await request('GET', playlistUrl(id), { token: demo }), 404, 'not_found');
    });
    it('401 without a valid token', async () => {
      covers(DELETE, '401');
      expectError(await request('DELETE', playlistUrl(await newPlaylist())), 401);
    });
    it("403 for another user's playlist", async () => {
      covers(DELETE, '403');
      const id = await newPlaylist();
      expectError(await request('DELETE', playlistUrl(id), { token: rival }), 403);
      expectStatus(await request('GET', playlistUrl(id), { token: demo }), 200);
    });
    it('404 for a missing playlist', async () => {
      covers(DELETE, '404');
      expectError(await request('DELETE', playlistUrl(MISSING_ID), { token: demo }), 404);
    });
  });

  describe(ADD, () => {
    it('adds videos in order; the headers count down to 0, then 413 limit_reached', async () => {
      covers(ADD, 'success');
      covers(ADD, '413 limit_reached');
      const id = await newPlaylist();
      const titles = ['Launch stream', 'Q&A night', 'Rehearsal (unlisted)'];
      for (const [index, title] of titles.entries()) {
        const added = await request('PUT', entryUrl(id, video(title)), { token: demo });
        expectSuccess(added);
        expect(capacity(added)).toEqual({ limit: LIMIT, remaining: LIMIT - index - 1 });
      }
      expect(await order(id)).toEqual(titles);
      const full = await request('PUT', entryUrl(id, video('Behind the scenes')), { token: demo });
      expectError(full, 413, 'limit_reached');
      expect(capacity(full)).toEqual({ limit: LIMIT, remaining: 0 });
      expect(await order(id)).toEqual(titles);
    });
    it('401 invalid_token without a valid token', async () => {
      covers(ADD, '401 invalid_token');
      expectError(await request('PUT', entryUrl(await newPlaylist(), video('Launch stream'))), 401, 'invalid_token');
    });
    it("403 permission_denied for another user's playlist, or a video the user may not see", async () => {
      covers(ADD, '403 permission_denied');
      expectError(await request('PUT', entryUrl(await newPlaylist(), video('Launch stream')), { token: rival }), 403, 'permission_denied');
      expectError(await request('PUT', entryUrl(await newPlaylist(rival), video('Rehearsal (unlisted)')), { token: rival }), 403, 'permission_denied');
    });
    it('404 not_found for a missing playlist or video', async () => {
      covers(ADD, '404 not_found');
      expectError(await request('PUT', entryUrl(MISSING_ID, video('Launch stream')), { token: demo }), 404, 'not_found');
      expectError(await request('PUT', entryUrl(await newPlaylist(), MISSING_ID), { token: demo }), 404, 'not_found');
    });
  });

  describe(REMOVE, () => {
    it('removes the video; the headers show the room it left', async () => {
      covers(REMOVE, 'success');
      const id = await withVideos(['Launch stream', 'Q&A night']);
      const removed = await request('DELETE', entryUrl(id, video('Launch stream')), { token: demo });
      expectSuccess(removed);
      expect(capacity(removed)).toEqual({ limit: LIMIT, remaining: LIMIT - 1 });
      expect(await order(id)).toEqual(['Q&A night']);
    });
    it('401 without a valid token', async () => {
      covers(REMOVE, '401');
      expectError(await request('DELETE', entryUrl(await withVideos(['Launch stream']), video('Launch stream'))), 401);
    });
    it("403 for another user's playlist", async () => {
      covers(REMOVE, '403');
      expectError(await request('DELETE', entryUrl(await withVideos(['Launch stream']), video('Launch stream')), { token: rival }), 403);
    });
    it('404 for a missing playlist or a video not in it', async () => {
      covers(REMOVE, '404');
      expectError(await request('DELETE', entryUrl(MISSING_ID, video('Launch stream')), { token: demo }), 404);
      expectError(await request('DELETE', entryUrl(await withVideos(['Launch stream']), video('Q&A night')), { token: demo }), 404);
    });
  });

  describe(POSITION, () => {
    it('200; the video moves and the others shift (order counts from 1)', async () => {
      covers(POSITION, 'success');
      const id = await withVideos(['Launch stream', 'Q&A night', 'Rehearsal (unlisted)']);
      expectStatus(await request('PUT', positionUrl(id, video('Rehearsal (unlisted)')), { token: demo, form: { position: 1 } }), 200);
      expect(await order(id)).toEqual(['Rehearsal (unlisted)', 'Launch stream', 'Q&A night']);
      expectStatus(await request('PUT', positionUrl(id, video('Rehearsal (unlisted)')), { token: demo, form: { position: 3 } }), 200);
      const listed = bodyOf(await request('GET', videosUrl(id), { token: demo }), playlistVideoListShape).videos;
      expect(listed.map((entry) => [entry.title, entry.order])).toEqual([
        ['Launch stream', 1],
        ['Q&A night', 2],
        ['Rehearsal (unlisted)', 3],
      ]);
    });
    it('400 bad_request when the position is missing or out of range', async () => {
      covers(POSITION, '400 bad_request');
      const id = await withVideos(['Launch stream', 'Q&A night']);
      const url = positionUrl(id, video('Launch stream'));
      expectError(await request('PUT', url, { token: demo, form: {} }), 400, 'bad_request');
      for (const position of [0, 3, -1, 'second']) expectError(await request('PUT', url, { token: demo, form: { position } }), 400, 'bad_request');
      expect(await order(id)).toEqual(['Launch stream', 'Q&A night']);
    });
    it('401 without a valid token', async () => {
      covers(POSITION, '401');
      expectError(await request('PUT', positionUrl(await withVideos(['Launch stream']), video('Launch stream')), { form: { position: 1 } }), 401);
    });
    it("403 for another user's playlist", async () => {
      covers(POSITION, '403');
      expectError(await request('PUT', positionUrl(await withVideos(['Launch stream']), video('Launch stream')), { token: rival, form: { position: 1 } }), 403);
    });
    it('404 for a missing playlist or a video not on it', async () => {
      covers(POSITION, '404');
      expectError(await request('PUT', positionUrl(MISSING_ID, video('Launch stream')), { token: demo, form: { position: 1 } }), 404);
      expectError(await request('PUT', positionUrl(await withVideos(['Launch stream']), video('Q&A night')), { token: demo, form: { position: 1 } }), 404);
    });
  });

  describe(VIDEOS, () => {
    it('200 with the videos in playlist order and paging; detail_level=minimal', async () => {
      covers(VIDEOS, 'success');
      const id = await withVideos(['Q&A night', 'Launch stream']);
      const result = await request('GET', videosUrl(id), { token: demo });
      expectStatus(result, 200);
      const body = bodyOf(result, playlistVideoListShape);
      expect(body.videos.map((entry) => [entry.id, entry.order, entry.channel_id])).toEqual([
        [video('Q&A night'), 1, live()],
        [video('Launch stream'), 2, live()],
      ]);
      const page = bodyOf(await request('GET', videosUrl(id), { token: demo, query: { page: 2, pagesize: 1 } }), playlistVideoListShape);
      expect(page.videos.map((entry) => entry.id)).toEqual([video('Launch stream')]);
      expect(page.paging.previous).toMatch(/^https?:\/\//);
      const minimal = bodyOf(await request('GET', videosUrl(id), { token: demo, query: { detail_level: 'minimal' } }), minimalVideoListShape);
      expect(minimal.videos.map((entry) => entry.id)).toEqual([video('Q&A night'), video('Launch stream')]);
      // Page size default 200, max 200: a larger page size is clamped, not refused.
      expectStatus(await request('GET', videosUrl(id), { token: demo, query: { pagesize: 500 } }), 200);
    });
    it('401 for a user playlist without a token', async () => {
      covers(VIDEOS, '401');
      expectError(await request('GET', videosUrl(await withVideos(['Launch stream']))), 401);
    });
    it("403 for another user's playlist", async () => {
      covers(VIDEOS, '403');
      expectError(await request('GET', videosUrl(await withVideos(['Launch stream'])), { token: rival }), 403);
    });
    it('404 for a missing playlist or a channel playlist not shown', async () => {
      covers(VIDEOS, '404');
      expectError(await request('GET', videosUrl(MISSING_ID), { token: demo }), 404);
      const hidden = await request('POST', channelPlaylists(live()), { token: demo, form: { title: unique('hidden'), is_enabled: 0 } });
      const id = /\/playlists\/([^/.]+)\.json$/.exec(hidden.headers.get('location') ?? '')?.[1] ?? MISSING_ID;
      expectError(await request('GET', videosUrl(id)), 404);
    });
    it('a deleted video leaves the playlist', async () => {
      const id = await withVideos(['Launch stream', 'Behind the scenes']);
      expectStatus(await request('DELETE', handle.api(`/videos/${video('Behind the scenes')}.json`), { token: demo }), 200);
      expect(await order(id)).toEqual(['Launch stream']);
      const added = await request('PUT', entryUrl(id, video('Q&A night')), { token: demo });
      expect(capacity(added)).toEqual({ limit: LIMIT, remaining: LIMIT - 2 });
    });
  });

  describe(VIDEO, () => {
    it('200 with the playlist video', async () => {
      covers(VIDEO, 'success');
      const id = await withVideos(['Launch stream', 'Q&A night']);
      const result = await request('GET', entryUrl(id, video('Q&A night')), { token: demo });
      expectStatus(result, 200);
      expect(bodyOf(result, z.object({ video: playlistVideoShape })).video).toMatchObject({ id: video('Q&A night'), title: 'Q&A night', order: 2, channel_id: live() });
    });
    it('401 for a user playlist without a token', async () => {
      covers(VIDEO, '401');
      expectError(await request('GET', entryUrl(await withVideos(['Launch stream']), video('Launch stream'))), 401);
    });
    it("403 for another user's playlist", async () => {
      covers(VIDEO, '403');
      expectError(await request('GET', entryUrl(await withVideos(['Launch stream']), video('Launch stream')), { token: rival }), 403);
    });
    it('404 when the video is not in the playlist, or the playlist is missing', async () => {
      covers(VIDEO, '404');
      expectError(await request('GET', entryUrl(await withVideos(['Launch stream']), video('Q&A night')), { token: demo }), 404);
      expectError(await request('GET', entryUrl(MISSING_ID, video('Launch stream')), { token: demo }), 404);
    });
  });

  describe(CHANNEL_CREATE, () => {
    it('answers a Location header naming the new channel playlist', async () => {
      covers(CHANNEL_CREATE, 'success');
      const result = await request('POST', channelPlaylists(live()), { token: demo, form: { title: 'Season one' } });
      expectSuccess(result);
      const location = result.headers.get('location');
      expect(location).toMatch(/\/playlists\/[^/]+\.json$/);
      const { playlist } = bodyOf(await request('GET', new URL(location!, handle.sandbox.apiUrl).toString()), playlistEnvelope);
      expect(playlist).toMatchObject({ title: 'Season one', channel_id: Number(live()) });
    });
    it('400 bad_request without a title, or with an is_enabled other than 1 or 0', async () => {
      covers(CHANNEL_CREATE, '400 bad_request');
      expectError(await request('POST', channelPlaylists(live()), { token: demo, form: {} }), 400, 'bad_request');
      expectError(await request('POST', channelPlaylists(live()), { token: demo, form: { title: 'x', is_enabled: 2 } }), 400, 'bad_request');
    });
    it('401 invalid_token without a valid token', async () => {
      covers(CHANNEL_CREATE, '401 invalid_token');
      expectError(await request('POST', channelPlaylists(live()), { form: { title: 'x' } }), 401, 'invalid_token');
    });
    it("403 permission_denied on another user's channel", async () => {
      covers(CHANNEL_CREATE, '403 permission_denied');
      expectError(await request('POST', channelPlaylists(live()), { token: rival, form: { title: 'x' } }), 403, 'permission_denied');
    });
    it('404 not_found for a missing channel', async () => {
      covers(CHANNEL_CREATE, '404 not_found');
      expectError(await request('POST', channelPlaylists(MISSING_ID), { token: demo, form: { title: 'x' } }), 404, 'not_found');
    });
  });

  describe(CHANNEL_LIST, () => {
    it('200 with the enabled playlists that hold videos; the owner sees disabled ones too', async () => {
      covers(CHANNEL_LIST, 'success');
      const backstage = channelId(handle.sandbox, 'Backstage');
      const create = async (title: string, enabled: 0 | 1) => {
        const created = await request('POST', channelPlaylists(backstage), { token: demo, form: { title, is_enabled: enabled } });
        const id = /\/playlists\/([^/.]+)\.json$/.exec(created.headers.get('location') ?? '')![1]!;
        expectSuccess(await request('PUT', entryUrl(id, video('Launch stream')), { token: demo }));
        return id;
      };
      const shown = await create('Shown', 1);
      const hidden = await create('Hidden', 0);
      const result = await request('GET', channelPlaylists(backstage));
      expectStatus(result, 200);
      const listed = bodyOf(result, playlistListShape).playlists.map((playlist) => playlist.id);
      expect(listed).toContain(shown);
      expect(listed).not.toContain(hidden);
      const owner = bodyOf(await request('GET', channelPlaylists(backstage), { token: demo }), playlistListShape).playlists.map((playlist) => playlist.id);
      expect(owner).toEqual(expect.arrayContaining([shown, hidden]));
    });
    it('404 not_found for a missing channel, or one that does not show playlists (password-locked)', async () => {
      covers(CHANNEL_LIST, '404 not_found');
      expectRouteAnswers(await request('GET', channelPlaylists(live())));
      expectError(await request('GET', channelPlaylists(MISSING_ID)), 404, 'not_found');
      expectError(await request('GET', channelPlaylists(channelId(handle.sandbox, 'Locked Room'))), 404, 'not_found');
    });
  });
});
