// Part B, "Labels": a user's labels (create, list, rename, delete) and the labels of a video (attach,
// detach, list). From the spec text: a label is `{label_id: integer, label_name, label_color}` with the
// colour of the form `color-<n>`, and "lists are objects keyed by label id". The rows list no errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectStatus, expectSuccess, request, type AccessToken, type Form } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { unique, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const CREATE = 'POST /users/self/labels.<format>';
const LIST = 'GET /users/self/labels.<format>';
const RENAME = 'PUT /users/self/label/<label_id>.<format>';
const DELETE = 'DELETE /users/self/label/<label_id>.<format>';
const ATTACH = 'PUT /videos/<video_id>/labels.<format>';
const DETACH = 'DELETE /videos/<video_id>/labels.<format>';
const VIDEO_LABELS = 'GET /videos/<video_id>/labels.<format>';

const labelShape = z.object({ label_id: z.number().int(), label_name: z.string(), label_color: z.string().regex(/^color-\d+$/, 'color-<n>') });
/** Keyed by label id, each key the id of the label it holds; an empty list may be `{}` or `[]`. */
const keyedLabels = z
  .union([z.array(z.never()).length(0).transform(() => ({})), z.record(z.string(), labelShape)])
  .refine((labels) => Object.entries(labels).every(([key, label]) => key === String(label.label_id)), 'each key is the label id of its label')
  .transform((labels) => Object.values(labels));
const labelsShape = z.object({ labels: keyedLabels });
const createdShape = z.object({ label: keyedLabels.refine((labels) => labels.length === 1, 'the new label, keyed by its id').transform((labels) => labels[0]!) });

describe('labels', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  const labelsUrl = () => handle.api('/users/self/labels.json');
  const labelUrl = (id: number | string) => handle.api(`/users/self/label/${id}.json`);
  const videoLabelsUrl = (id: string) => handle.api(`/videos/${id}/labels.json`);
  const launch = () => videoId(handle.sandbox, 'Launch stream');
  const qaNight = () => videoId(handle.sandbox, 'Q&A night');

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
  });

  async function create(name = unique('Label')): Promise<z.infer<typeof labelShape>> {
    const result = await request('POST', labelsUrl(), { token: demo, form: { label_name: name } });
    expectSuccess(result);
    return bodyOf(result, createdShape).label;
  }

  async function mine(token: AccessToken = demo): Promise<z.infer<typeof labelShape>[]> {
    const result = await request('GET', labelsUrl(), { token });
    expectStatus(result, 200);
    return bodyOf(result, labelsShape).labels;
  }

  async function onVideo(video: string): Promise<number[]> {
    const result = await request('GET', videoLabelsUrl(video), { token: demo });
    expectStatus(result, 200);
    return bodyOf(result, labelsShape).labels.map((label) => label.label_id);
  }

  const ids = (labels: readonly { label_id: number }[]): Form => ({ 'label_ids[]': labels.map((label) => String(label.label_id)) });

  describe(CREATE, () => {
    it('answers the new label under `label`, keyed by its id', async () => {
      covers(CREATE, 'success');
      const name = unique('Best of');
      const label = await create(name);
      expect(label.label_name).toBe(name);
      expect((await mine()).map((entry) => entry.label_id)).toContain(label.label_id);
    });

    it('needs label_name (sandbox: 400 bad_request) and a token (401)', async () => {
      expectStatus(await request('POST', labelsUrl(), { token: demo, form: {} }), 400);
      expectStatus(await request('POST', labelsUrl(), { form: { label_name: 'No token' } }), 401);
    });
  });

  describe(LIST, () => {
    it('200 with the user\'s labels keyed by id, and no one else\'s', async () => {
      covers(LIST, 'success');
      const label = await create();
      expect(await mine()).toContainEqual(label);
      const rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
      expect((await mine(rival)).map((entry) => entry.label_id)).not.toContain(label.label_id);
    });
  });

  describe(RENAME, () => {
    it('204, and the list shows the new name', async () => {
      covers(RENAME, 'success');
      const label = await create();
      const name = unique('Renamed');
      expectStatus(await request('PUT', labelUrl(label.label_id), { token: demo, form: { label_name: name } }), 204);
      expect((await mine()).find((entry) => entry.label_id === label.label_id)?.label_name).toBe(name);
    });

    it('another user\'s label is not found (sandbox: 404)', async () => {
      const label = await create();
      const rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
      expectStatus(await request('PUT', labelUrl(label.label_id), { token: rival, form: { label_name: 'Mine now' } }), 404);
    });
  });

  describe(DELETE, () => {
    it('204; the label leaves the list and the videos that carried it', async () => {
      covers(DELETE, 'success');
      const label = await create();
      expectStatus(await request('PUT', videoLabelsUrl(qaNight()), { token: demo, form: ids([label]) }), 204);
      expectStatus(await request('DELETE', labelUrl(label.label_id), { token: demo }), 204);
      expect((await mine()).map((entry) => entry.label_id)).not.toContain(label.label_id);
      expect(await onVideo(qaNight())).not.toContain(label.label_id);
      expectStatus(await request('DELETE', labelUrl(label.label_id), { token: demo }), 404);
    });
  });

  describe(ATTACH, () => {
    it('204; label_ids are added to the video\'s labels', async () => {
      covers(ATTACH, 'success');
      const [first, second] = [await create(), await create()];
      expectStatus(await request('PUT', videoLabelsUrl(launch()), { token: demo, form: ids([first]) }), 204);
      expectStatus(await request('PUT', videoLabelsUrl(launch()), { token: demo, form: ids([first, second]) }), 204);
      const carried = await onVideo(launch());
      expect(carried).toEqual(expect.arrayContaining([first.label_id, second.label_id]));
      expect(carried.filter((id) => id === first.label_id)).toHaveLength(1);
    });

    it('another user\'s video is 403 lack_of_ownership (part A\'s rule); label_ids missing is 400', async () => {
      const label = await create();
      const rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
      expectStatus(await request('PUT', videoLabelsUrl(launch()), { token: rival, form: ids([label]) }), 403);
      expectStatus(await request('PUT', videoLabelsUrl(launch()), { token: demo, form: {} }), 400);
    });
  });

  describe(DETACH, () => {
    it('204; label_ids (in the body) are removed from the video, the others stay', async () => {
      covers(DETACH, 'success');
      const [kept, removed] = [await create(), await create()];
      expectStatus(await request('PUT', videoLabelsUrl(qaNight()), { token: demo, form: ids([kept, removed]) }), 204);
      expectStatus(await request('DELETE', videoLabelsUrl(qaNight()), { token: demo, form: ids([removed]) }), 204);
      const carried = await onVideo(qaNight());
      expect(carried).toContain(kept.label_id);
      expect(carried).not.toContain(removed.label_id);
    });

    it('label_ids may also come in the query of the DELETE', async () => {
      covers(DETACH, 'success');
      const label = await create();
      expectStatus(await request('PUT', videoLabelsUrl(qaNight()), { token: demo, form: ids([label]) }), 204);
      expectStatus(await request('DELETE', videoLabelsUrl(qaNight()), { token: demo, query: ids([label]) }), 204);
      expect(await onVideo(qaNight())).not.toContain(label.label_id);
    });
  });

  describe(VIDEO_LABELS, () => {
    it('200 with the video\'s labels keyed by id', async () => {
      covers(VIDEO_LABELS, 'success');
      const label = await create();
      expectStatus(await request('PUT', videoLabelsUrl(launch()), { token: demo, form: ids([label]) }), 204);
      const result = await request('GET', videoLabelsUrl(launch()), { token: demo });
      expectStatus(result, 200);
      expect(bodyOf(result, labelsShape).labels).toContainEqual(label);
      const behind = videoId(handle.sandbox, 'Behind the scenes');
      expect(await onVideo(behind)).not.toContain(label.label_id);
    });
  });
});
