// Part B, "Download": the `downloadable` object (`download_url` string or null, `expires_at` timestamp or
// null, `status` available | unavailable | pending), its states (never requested: unavailable; POST:
// pending or available; generation observed by polling the GET; usable for 24 hours, `expires_at` the
// end), and a `download_url` that gives the file.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { describeResult, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { eventually, MISSING_ID, nowSeconds, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const GET = 'GET /videos/<video_id>/downloadable/<video_format>.<format>';
const POST = 'POST /videos/<video_id>/downloadable/<video_format>.<format>';
const DAY = 24 * 3600;

const downloadableShape = z.object({
  downloadable: z.object({
    download_url: z.string().nullable(),
    expires_at: z.number().int().nullable(),
    status: z.enum(['available', 'unavailable', 'pending']),
  }),
});
type Downloadable = z.infer<typeof downloadableShape>['downloadable'];

describe('downloads', () => {
  // A short generation, so the suite sees `pending` and then `available` without waiting long.
  const handle = useSandbox({ downloadGenerationMs: 400 });
  let demo: AccessToken;
  let rival: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  const url = (id: string, format: string) => handle.api(`/videos/${id}/downloadable/${format}.json`);
  const read = async (id: string, format: string, token: AccessToken | null = demo): Promise<Downloadable> =>
    bodyOf(await request('GET', url(id, format), { token }), downloadableShape).downloadable;

  async function untilAvailable(id: string, format: string): Promise<Downloadable> {
    return eventually(async () => {
      const state = await read(id, format);
      return state.status === 'available' ? state : undefined;
    }, `the ${format} download of ${id} to become available`);
  }

  describe(GET, () => {
    it('200 unavailable with a null download_url for a version never requested', async () => {
      covers(GET, 'success');
      const result = await request('GET', url(videoId(handle.sandbox, 'Q&A night'), 'flv'), { token: demo });
      expectStatus(result, 200);
      expect(bodyOf(result, downloadableShape).downloadable).toEqual({ download_url: null, expires_at: null, status: 'unavailable' });
    });

    it('needs the owner\'s token ("token required; own videos only")', async () => {
      const id = videoId(handle.sandbox, 'Q&A night');
      const anonymous = await request('GET', url(id, 'mp4'));
      expect(anonymous.status, describeResult(anonymous)).toBe(401);
      const other = await request('GET', url(id, 'mp4'), { token: rival });
      expect(other.status, describeResult(other)).toBe(403);
      expect((await request('GET', url(MISSING_ID, 'mp4'), { token: demo })).status).toBe(404);
    });
  });

  describe(POST, () => {
    it('pending at once, then available by polling the GET, with download_url and expires_at 24 hours on', async () => {
      covers(POST, 'success');
      covers(GET, 'success');
      const id = videoId(handle.sandbox, 'Launch stream');
      const requested = await request('POST', url(id, 'mp4'), { token: demo });
      expectStatus(requested, 200);
      const first = bodyOf(requested, downloadableShape).downloadable;
      expect(['pending', 'available']).toContain(first.status);
      if (first.status === 'pending') expect(first.download_url).toBeNull();
      const seenPending = first.status === 'pending' || (await read(id, 'mp4')).status === 'pending';
      expect(seenPending, 'the generation is asynchronous: pending first').toBe(true);

      const available = await untilAvailable(id, 'mp4');
      expect(available.download_url).toBeTypeOf('string');
      expect(available.expires_at).toBeTypeOf('number');
      const remaining = available.expires_at! - nowSeconds();
      expect(remaining).toBeGreaterThan(DAY - 120);
      expect(remaining).toBeLessThanOrEqual(DAY);

      // POST again while available: reported as available, the same file.
      const again = bodyOf(await request('POST', url(id, 'mp4'), { token: demo }), downloadableShape).downloadable;
      expect(again).toEqual(available);
    });

    it('the download_url serves the file over HTTP, without a token', async () => {
      covers(POST, 'success');
      const id = videoId(handle.sandbox, 'Behind the scenes');
      const first = bodyOf(await request('POST', url(id, 'flv'), { token: demo }), downloadableShape).downloadable;
      expect(first.status).not.toBe('unavailable');
      const available = await untilAvailable(id, 'flv');
      const response = await fetch(available.download_url!);
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(0);
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      expect(bytes.subarray(0, 3).toString('latin1'), 'an FLV file').toBe('FLV');
    });

    it('mp4 and flv are separate versions', async () => {
      covers(POST, 'success');
      const id = videoId(handle.sandbox, 'Q&A night');
      bodyOf(await request('POST', url(id, 'mp4'), { token: demo }), downloadableShape);
      expect((await read(id, 'flv')).status).toBe('unavailable');
      const mp4 = await untilAvailable(id, 'mp4');
      const response = await fetch(mp4.download_url!);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(4, 8).toString('latin1'), 'an MP4 file starts with its ftyp box').toBe('ftyp');
    });

    it('needs the owner\'s token', async () => {
      const id = videoId(handle.sandbox, 'Q&A night');
      expect((await request('POST', url(id, 'flv'))).status).toBe(401);
      expect((await request('POST', url(id, 'flv'), { token: rival })).status).toBe(403);
      expect((await read(id, 'flv')).status, 'a refused request starts nothing').toBe('unavailable');
    });
  });
});
