// Part B, "Chapters": list, add, delete all, and get, edit, delete one chapter of a video. From the spec
// text: a chapter is `{id: string, title: string, position: float}` (start in seconds); title and
// position (integer seconds) are required when adding or editing (400 invalid_value); reading a private
// video's chapters needs its owner's token (401 without one, 403 lack_of_ownership with another's).
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectRouteAnswers, expectStatus, request, type AccessToken, type Form } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { MISSING_ID, unique, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const LIST = 'GET /videos/<video_id>/chapters.<format>';
const ADD = 'POST /videos/<video_id>/chapters.<format>';
const DELETE_ALL = 'DELETE /videos/<video_id>/chapters.<format>';
const GET = 'GET /videos/<video_id>/chapters/<chapter_id>.<format>';
const EDIT = 'PUT /videos/<video_id>/chapters/<chapter_id>.<format>';
const DELETE = 'DELETE /videos/<video_id>/chapters/<chapter_id>.<format>';

const chapterShape = z.object({ id: z.string(), title: z.string(), position: z.number() });
const chaptersShape = z.object({ chapters: z.array(chapterShape) });
const chapterEnvelope = z.object({ chapter: chapterShape });

describe('chapters', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let rival: AccessToken;
  let nextPosition = 10;

  const chaptersUrl = (video: string) => handle.api(`/videos/${video}/chapters.json`);
  const chapterUrl = (video: string, chapter: string) => handle.api(`/videos/${video}/chapters/${chapter}.json`);
  const launch = () => videoId(handle.sandbox, 'Launch stream');
  const qaNight = () => videoId(handle.sandbox, 'Q&A night');
  const behind = () => videoId(handle.sandbox, 'Behind the scenes');
  const rehearsal = () => videoId(handle.sandbox, 'Rehearsal (unlisted)');

  async function list(video: string, token: AccessToken | null = demo): Promise<z.infer<typeof chapterShape>[]> {
    const result = await request('GET', chaptersUrl(video), { token });
    expectStatus(result, 200);
    return bodyOf(result, chaptersShape).chapters;
  }

  /** Adds a chapter; the 201 has no body the spec defines, so the new chapter is found in the list by its title. */
  async function add(video: string, title = unique('Chapter'), position = nextPosition++): Promise<z.infer<typeof chapterShape>> {
    expectStatus(await request('POST', chaptersUrl(video), { token: demo, form: { title, position } }), 201);
    const chapter = (await list(video)).find((entry) => entry.title === title);
    if (!chapter) throw new Error(`The new chapter "${title}" is not in the list.`);
    return chapter;
  }

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  describe(LIST, () => {
    it('200 with the chapters, readable without a token for a public video', async () => {
      covers(LIST, 'success');
      const chapter = await add(launch(), unique('Intro'), 1);
      expect(await list(launch(), null)).toContainEqual({ id: chapter.id, title: chapter.title, position: 1 });
    });

    it('401 unauthorized: a private video without a valid owner token', async () => {
      covers(LIST, '401 unauthorized');
      expectError(await request('GET', chaptersUrl(rehearsal())), 401, 'unauthorized');
      expectStatus(await request('GET', chaptersUrl(rehearsal()), { token: demo }), 200);
    });

    it('403 lack_of_ownership: a private video with another user\'s token', async () => {
      covers(LIST, '403 lack_of_ownership');
      expectError(await request('GET', chaptersUrl(rehearsal()), { token: rival }), 403, 'lack_of_ownership');
    });

    it('404 not_found for a video that does not exist', async () => {
      covers(LIST, '404 not_found');
      expectRouteAnswers(await request('GET', chaptersUrl(launch())));
      expectError(await request('GET', chaptersUrl(MISSING_ID), { token: demo }), 404, 'not_found');
    });
  });

  describe(ADD, () => {
    it('201; the chapter is listed with its title and position, in order of position', async () => {
      covers(ADD, 'success');
      const late = await add(qaNight(), unique('Late'), 300);
      const early = await add(qaNight(), unique('Early'), 30);
      const chapters = await list(qaNight());
      expect(chapters.indexOf(chapters.find((entry) => entry.id === early.id)!)).toBeLessThan(chapters.indexOf(chapters.find((entry) => entry.id === late.id)!));
      expect(late.position).toBe(300);
    });

    it('400 invalid_value for a missing title or a missing or non-integer position', async () => {
      covers(ADD, '400 invalid_value');
      for (const form of <Form[]>[{ position: 5 }, { title: '', position: 5 }, { title: 'No position' }, { title: 'Words', position: 'soon' }, { title: 'Negative', position: -3 }, { title: 'Fraction', position: '1.5' }]) {
        expectError(await request('POST', chaptersUrl(qaNight()), { token: demo, form }), 400, 'invalid_value');
      }
    });

    it('401 without a valid token', async () => {
      covers(ADD, '401');
      expectStatus(await request('POST', chaptersUrl(launch()), { form: { title: 'x', position: 1 } }), 401);
    });

    it('403 for another user\'s video', async () => {
      covers(ADD, '403');
      expectStatus(await request('POST', chaptersUrl(launch()), { token: rival, form: { title: 'x', position: 2 } }), 403);
    });

    it('404 for a video that does not exist', async () => {
      covers(ADD, '404');
      expectStatus(await request('POST', chaptersUrl(MISSING_ID), { token: demo, form: { title: 'x', position: 3 } }), 404);
    });
  });

  describe(GET, () => {
    it('200 with the chapter', async () => {
      covers(GET, 'success');
      const chapter = await add(launch());
      const result = await request('GET', chapterUrl(launch(), chapter.id));
      expectStatus(result, 200);
      expect(bodyOf(result, chapterEnvelope).chapter).toEqual(chapter);
    });

    it('401 and 403 for a private video\'s chapter', async () => {
      covers(GET, '401');
      covers(GET, '403');
      const chapter = await add(rehearsal());
      expectStatus(await request('GET', chapterUrl(rehearsal(), chapter.id)), 401);
      expectStatus(await request('GET', chapterUrl(rehearsal(), chapter.id), { token: rival }), 403);
      expectStatus(await request('GET', chapterUrl(rehearsal(), chapter.id), { token: demo }), 200);
    });

    it('404 for a missing video or chapter, or a chapter of another video', async () => {
      covers(GET, '404');
      const chapter = await add(launch());
      expectStatus(await request('GET', chapterUrl(MISSING_ID, chapter.id)), 404);
      expectStatus(await request('GET', chapterUrl(launch(), MISSING_ID)), 404);
      expectStatus(await request('GET', chapterUrl(qaNight(), chapter.id)), 404);
    });
  });

  describe(EDIT, () => {
    it('200; title and position change', async () => {
      covers(EDIT, 'success');
      const chapter = await add(launch());
      const title = unique('Edited');
      expectStatus(await request('PUT', chapterUrl(launch(), chapter.id), { token: demo, form: { title, position: 1200 } }), 200);
      expect((await list(launch())).find((entry) => entry.id === chapter.id)).toEqual({ id: chapter.id, title, position: 1200 });
    });

    it('400 invalid_value: title and position are required', async () => {
      covers(EDIT, '400 invalid_value');
      const chapter = await add(launch());
      for (const form of <Form[]>[{ title: 'Only a title' }, { position: 40 }, { title: 'Bad', position: 'x' }]) {
        expectError(await request('PUT', chapterUrl(launch(), chapter.id), { token: demo, form }), 400, 'invalid_value');
      }
    });

    it('401 without a valid token', async () => {
      covers(EDIT, '401');
      const chapter = await add(launch());
      expectStatus(await request('PUT', chapterUrl(launch(), chapter.id), { form: { title: 'x', position: 1 } }), 401);
    });

    it('403 for another user\'s video', async () => {
      covers(EDIT, '403');
      const chapter = await add(launch());
      expectStatus(await request('PUT', chapterUrl(launch(), chapter.id), { token: rival, form: { title: 'x', position: 1 } }), 403);
    });

    it('404 for a missing video or chapter', async () => {
      covers(EDIT, '404');
      const chapter = await add(launch());
      expectStatus(await request('PUT', chapterUrl(MISSING_ID, chapter.id), { token: demo, form: { title: 'x', position: 7 } }), 404);
      expectStatus(await request('PUT', chapterUrl(launch(), MISSING_ID), { token: demo, form: { title: 'x', position: 7 } }), 404);
    });
  });

  describe(DELETE, () => {
    it('200; the chapter is gone', async () => {
      covers(DELETE, 'success');
      const chapter = await add(launch());
      expectStatus(await request('DELETE', chapterUrl(launch(), chapter.id), { token: demo }), 200);
      expect((await list(launch())).map((entry) => entry.id)).not.toContain(chapter.id);
      expectStatus(await request('GET', chapterUrl(launch(), chapter.id)), 404);
    });

    // The spec does not say what makes a delete invalid; the sandbox's case is an id no chapter can have.
    it('400 invalid_value for a chapter id that is not one', async () => {
      covers(DELETE, '400 invalid_value');
      expectError(await request('DELETE', chapterUrl(launch(), 'first-one'), { token: demo }), 400, 'invalid_value');
    });

    it('401 without a valid token', async () => {
      covers(DELETE, '401');
      const chapter = await add(launch());
      expectStatus(await request('DELETE', chapterUrl(launch(), chapter.id)), 401);
    });

    it('403 for another user\'s video', async () => {
      covers(DELETE, '403');
      const chapter = await add(launch());
      expectStatus(await request('DELETE', chapterUrl(launch(), chapter.id), { token: rival }), 403);
    });

    it('404 for a missing video or chapter', async () => {
      covers(DELETE, '404');
      expectStatus(await request('DELETE', chapterUrl(MISSING_ID, '1'), { token: demo }), 404);
      expectStatus(await request('DELETE', chapterUrl(launch(), MISSING_ID), { token: demo }), 404);
    });
  });

  describe(DELETE_ALL, () => {
    it('200; the video has no chapters left, other videos keep theirs', async () => {
      covers(DELETE_ALL, 'success');
      await add(behind());
      await add(behind());
      const elsewhere = await add(qaNight());
      expectStatus(await request('DELETE', chaptersUrl(behind()), { token: demo }), 200);
      expect(await list(behind())).toEqual([]);
      expect((await list(qaNight())).map((entry) => entry.id)).toContain(elsewhere.id);
    });

    it('401 without a valid token', async () => {
      covers(DELETE_ALL, '401');
      expectStatus(await request('DELETE', chaptersUrl(launch())), 401);
    });

    it('403 for another user\'s video', async () => {
      covers(DELETE_ALL, '403');
      expectStatus(await request('DELETE', chaptersUrl(launch()), { token: rival }), 403);
    });

    it('404 for a video that does not exist', async () => {
      covers(DELETE_ALL, '404');
      expectStatus(await request('DELETE', chaptersUrl(MISSING_ID), { token: demo }), 404);
    });
  });
});
