// Part B, "Captions": a video's captions (list, one by language, its flags), the WebVTT file (download,
// upload with 400 not_valid_vtt), the caption languages, and the video search's `caption_matches`
// ("entries {start_sec, end_sec, caption}; at most 100"). From the spec text: a caption is
// `{is_default, is_visible, language, status: processing|active, video_id}`, "a video can have only one
// default caption", and "protected videos ... and caption resources give 401 without a valid owner token".
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { describeResult, expectError, expectRouteAnswers, expectStatus, expectSuccess, request, type AccessToken, type HttpResult } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, eventually, MISSING_ID, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf, videoListShape } from './spec-shapes.js';

const LIST = 'GET /videos/<video_id>/captions.<format>';
const GET = 'GET /videos/<video_id>/captions/<language>.<format>';
const EDIT = 'PUT /videos/<video_id>/captions/<language>.<format>';
const DOWNLOAD = 'GET /videos/<video_id>/captions/<language>/vtt';
const UPLOAD = 'PUT /videos/<video_id>/captions/<language>/vtt';
const LANGUAGES = 'GET /caption-languages.<format>';
const SEARCH = 'GET /channels/<channel_id>/videos.<format>';

const captionShape = z.object({
  is_default: z.boolean(),
  is_visible: z.boolean(),
  language: z.string(),
  status: z.enum(['processing', 'active']),
  video_id: z.string(),
});
const captionsShape = z.object({ captions: z.array(captionShape) });
const captionEnvelope = z.object({ caption: captionShape });
const languagesShape = z.object({ languages: z.array(z.object({ code: z.string(), name: z.string() })).min(1) });
const captionMatchShape = z.object({ start_sec: z.number(), end_sec: z.number(), caption: z.string() });
const searchShape = videoListShape.extend({ videos: z.array(z.object({ id: z.string(), caption_matches: z.array(captionMatchShape) }).loose()) });

const cue = (start: string, end: string, text: string) => `${start} --> ${end}\n${text}\n`;
const vttFile = (...cues: string[]) => `WEBVTT\n\n${cues.join('\n')}`;
const SIMPLE = vttFile(cue('00:00:01.000', '00:00:04.000', 'Hello and welcome'), cue('00:00:05.000', '00:00:08.500', 'Tonight: the encoder settings'));

describe('captions', () => {
  const handle = useSandbox({ captionProcessingMs: 300 });
  let demo: AccessToken;
  let rival: AccessToken;
  /** Caption language codes from GET /caption-languages, used in turn so tests do not share a caption. */
  let codes: string[] = [];
  let nextCode = 0;
  const language = (): string => {
    const code = codes[nextCode++];
    if (!code) throw new Error('More caption languages are needed than the platform lists.');
    return code;
  };

  const captionsUrl = (video: string) => handle.api(`/videos/${video}/captions.json`);
  const captionUrl = (video: string, code: string) => handle.api(`/videos/${video}/captions/${code}.json`);
  const vttUrl = (video: string, code: string) => handle.api(`/videos/${video}/captions/${code}/vtt`);
  const launch = () => videoId(handle.sandbox, 'Launch stream');
  const behind = () => videoId(handle.sandbox, 'Behind the scenes');
  const rehearsal = () => videoId(handle.sandbox, 'Rehearsal (unlisted)');

  const upload = (video: string, code: string, text: string, token: AccessToken | null = demo): Promise<HttpResult> =>
    request('PUT', vttUrl(video, code), { token, body: text, headers: { 'content-type': 'text/vtt' } });

  async function uploaded(video: string, text = SIMPLE): Promise<string> {
    const code = language();
    expectSuccess(await upload(video, code, text));
    return code;
  }

  async function caption(video: string, code: string, token: AccessToken | null = demo): Promise<z.infer<typeof captionShape>> {
    const result = await request('GET', captionUrl(video, code), { token });
    expectStatus(result, 200);
    return bodyOf(result, captionEnvelope).caption;
  }

  /** Waits until the caption is `active` (its processing is asynchronous; the transitions are not shown). */
  const active = (video: string, code: string) =>
    eventually(async () => ((await caption(video, code)).status === 'active' ? true : undefined), `the ${code} caption of ${video} to be active`);

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
    const result = await request('GET', handle.api('/caption-languages.json'));
    codes = bodyOf(result, languagesShape).languages.map((entry) => entry.code);
  });

  describe(LANGUAGES, () => {
    it('200 with languages, each {code, name}, without a token', async () => {
      covers(LANGUAGES, 'success');
      const result = await request('GET', handle.api('/caption-languages.json'));
      expectStatus(result, 200);
      const { languages } = bodyOf(result, languagesShape);
      expect(new Set(languages.map((entry) => entry.code)).size, 'codes are unique').toBe(languages.length);
    });
  });

  describe(UPLOAD, () => {
    it('creates the caption from a text/vtt body; it is processing, then active', async () => {
      covers(UPLOAD, 'success');
      const code = language();
      const result = await upload(launch(), code, SIMPLE);
      expectSuccess(result);
      const created = await caption(launch(), code);
      expect(created).toMatchObject({ language: code, video_id: launch() });
      await active(launch(), code);
    });

    it('uploading again replaces the file', async () => {
      covers(UPLOAD, 'success');
      const code = await uploaded(launch());
      const replacement = vttFile(cue('00:00:02.000', '00:00:03.000', 'Replaced text'));
      expectSuccess(await upload(launch(), code, replacement));
      const download = await request('GET', vttUrl(launch(), code), { token: demo });
      expect(download.text).toContain('Replaced text');
      expect(download.text).not.toContain('Hello and welcome');
    });

    it('400 not_valid_vtt when the caption has errors', async () => {
      covers(UPLOAD, '400 not_valid_vtt');
      const code = language();
      const bad = [
        'WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nends before it starts\n',
        'no header\n\n00:00:01.000 --> 00:00:02.000\ntext\n',
        'WEBVTT\n\n00:00:01,000 --> 00:00:02,000\ncommas as in SRT\n',
        'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\none\n00:00:03.000 --> 00:00:04.000\nno blank line before this cue\n',
      ];
      for (const text of bad) expectError(await upload(launch(), code, text), 400, 'not_valid_vtt');
      expectStatus(await request('GET', captionUrl(launch(), code), { token: demo }), 404);
    });

    it('sandbox: the not_valid_vtt description names the line and its text', async () => {
      const result = await upload(launch(), language(), 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:09.000 --> 00:00:04.000\nbackwards\n');
      expectError(result, 400, 'not_valid_vtt');
      expect(result.text, describeResult(result)).toMatch(/line 6\b.*00:00:09\.000 --> 00:00:04\.000/);
    });

    it('401 without a valid token', async () => {
      covers(UPLOAD, '401');
      expectStatus(await upload(launch(), language(), SIMPLE, null), 401);
      expectStatus(await upload(launch(), language(), SIMPLE, { kind: 'bearer', accessToken: 'malformed' }), 401);
    });

    it('403 for a video of another user', async () => {
      covers(UPLOAD, '403');
      expectError(await upload(launch(), language(), SIMPLE, rival), 403);
    });

    it('404 for a video that does not exist', async () => {
      covers(UPLOAD, '404');
      expectStatus(await upload(MISSING_ID, language(), SIMPLE), 404);
    });
  });

  describe(LIST, () => {
    it('200 with the video\'s captions', async () => {
      covers(LIST, 'success');
      const code = await uploaded(behind());
      await active(behind(), code);
      for (const token of [demo, null]) {
        const result = await request('GET', captionsUrl(behind()), { token });
        expectStatus(result, 200);
        expect(bodyOf(result, captionsShape).captions.find((entry) => entry.language === code)).toMatchObject({ video_id: behind(), status: 'active' });
      }
    });

    it('401 unauthorized: a protected (private) video without a valid owner token', async () => {
      covers(LIST, '401 unauthorized');
      expectError(await request('GET', captionsUrl(rehearsal())), 401, 'unauthorized');
      expectStatus(await request('GET', captionsUrl(rehearsal()), { token: demo }), 200);
    });

    it('403 lack_of_ownership: a protected video with another user\'s token', async () => {
      covers(LIST, '403 lack_of_ownership');
      expectError(await request('GET', captionsUrl(rehearsal()), { token: rival }), 403, 'lack_of_ownership');
    });

    it('404 not_found for a video that does not exist', async () => {
      covers(LIST, '404 not_found');
      expectRouteAnswers(await request('GET', captionsUrl(launch()), { token: demo }));
      expectError(await request('GET', captionsUrl(MISSING_ID), { token: demo }), 404, 'not_found');
    });
  });

  describe(GET, () => {
    it('200 with the caption', async () => {
      covers(GET, 'success');
      const code = await uploaded(launch());
      expect(await caption(launch(), code)).toMatchObject({ language: code, video_id: launch(), is_visible: expect.any(Boolean) as unknown });
    });

    it('401 and 403 for a protected video\'s caption', async () => {
      covers(GET, '401');
      covers(GET, '403');
      const code = await uploaded(rehearsal());
      expectStatus(await request('GET', captionUrl(rehearsal(), code)), 401);
      expectStatus(await request('GET', captionUrl(rehearsal(), code), { token: rival }), 403);
      expectStatus(await request('GET', captionUrl(rehearsal(), code), { token: demo }), 200);
    });

    it('404 for a missing video or caption', async () => {
      covers(GET, '404');
      const code = await uploaded(launch());
      expectRouteAnswers(await request('GET', captionUrl(launch(), code), { token: demo }));
      expectStatus(await request('GET', captionUrl(MISSING_ID, code), { token: demo }), 404);
      expectStatus(await request('GET', captionUrl(launch(), language()), { token: demo }), 404);
    });
  });

  describe(EDIT, () => {
    it('200 with the caption; is_visible and is_default change; one default caption per video', async () => {
      covers(EDIT, 'success');
      const [first, second] = [await uploaded(behind()), await uploaded(behind())];
      let result = await request('PUT', captionUrl(behind(), first), { token: demo, form: { is_default: true, is_visible: true } });
      expectStatus(result, 200);
      expect(bodyOf(result, captionEnvelope).caption).toMatchObject({ language: first, is_default: true, is_visible: true });
      result = await request('PUT', captionUrl(behind(), second), { token: demo, form: { is_default: true } });
      expectStatus(result, 200);
      expect(bodyOf(result, captionEnvelope).caption.is_default).toBe(true);
      const all = bodyOf(await request('GET', captionsUrl(behind()), { token: demo }), captionsShape).captions;
      expect(all.filter((entry) => entry.is_default).map((entry) => entry.language)).toEqual([second]);
      result = await request('PUT', captionUrl(behind(), first), { token: demo, form: { is_visible: false } });
      expect(bodyOf(result, captionEnvelope).caption).toMatchObject({ is_visible: false, is_default: false });
    });

    it('401 without a valid token', async () => {
      covers(EDIT, '401');
      const code = await uploaded(launch());
      expectStatus(await request('PUT', captionUrl(launch(), code), { form: { is_visible: false } }), 401);
    });

    it('403 for another user\'s video', async () => {
      covers(EDIT, '403');
      const code = await uploaded(launch());
      expectStatus(await request('PUT', captionUrl(launch(), code), { token: rival, form: { is_visible: false } }), 403);
    });

    it('404 for a missing video or caption', async () => {
      covers(EDIT, '404');
      expectStatus(await request('PUT', captionUrl(MISSING_ID, 'en'), { token: demo, form: { is_visible: true } }), 404);
      expectStatus(await request('PUT', captionUrl(launch(), language()), { token: demo, form: { is_visible: true } }), 404);
    });
  });

  describe(DOWNLOAD, () => {
    it('200 with the file in WebVTT', async () => {
      covers(DOWNLOAD, 'success');
      const code = await uploaded(launch());
      await active(launch(), code);
      const result = await request('GET', vttUrl(launch(), code));
      expectStatus(result, 200);
      expect(result.text.startsWith('WEBVTT')).toBe(true);
      expect(result.text).toContain('Tonight: the encoder settings');
      expect(result.headers.get('content-type') ?? '').toMatch(/^text\/vtt/);
    });

    it('401 and 403 for a protected video\'s caption', async () => {
      covers(DOWNLOAD, '401');
      covers(DOWNLOAD, '403');
      const code = await uploaded(rehearsal());
      expectStatus(await request('GET', vttUrl(rehearsal(), code)), 401);
      expectStatus(await request('GET', vttUrl(rehearsal(), code), { token: rival }), 403);
      expectStatus(await request('GET', vttUrl(rehearsal(), code), { token: demo }), 200);
    });

    it('404 for a missing video or caption', async () => {
      covers(DOWNLOAD, '404');
      expectStatus(await request('GET', vttUrl(MISSING_ID, 'en'), { token: demo }), 404);
      expectStatus(await request('GET', vttUrl(launch(), language()), { token: demo }), 404);
    });
  });

  describe('video search with q: caption_matches', () => {
    const search = (q: string) => request('GET', handle.api(`/channels/${channelId(handle.sandbox, 'Demo Live')}/videos.json`), { token: demo, query: { q } });

    it('finds a video by the text of its active captions, with the times of the matching cues', async () => {
      covers(SEARCH, 'success');
      const code = await uploaded(launch(), vttFile(cue('00:00:01.000', '00:00:02.000', 'Nothing here'), cue('00:01:10.250', '00:01:12.000', 'The zebracorn appears')));
      await active(launch(), code);
      const result = await search('zebracorn');
      expectStatus(result, 200);
      const found = bodyOf(result, searchShape).videos.find((video) => video.id === launch());
      expect(found?.caption_matches, describeResult(result)).toEqual([{ start_sec: 70.25, end_sec: 72, caption: 'The zebracorn appears' }]);
    });

    it('returns at most 100 caption matches', async () => {
      const many = Array.from({ length: 130 }, (_, index) => cue(`00:${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}.000`, `00:${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}.500`, `hyperlapse ${index}`));
      const code = await uploaded(launch(), vttFile(...many));
      await active(launch(), code);
      const found = bodyOf(await search('hyperlapse'), searchShape).videos.find((video) => video.id === launch());
      expect(found?.caption_matches).toHaveLength(100);
    });
  });
});
