// Labels (spec part B, "Labels"): the user's labels, and which of them a video carries.
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { createdLabelBody, labelsBody, type Label } from './schemas.js';

export function labelsApi(caller: PlatformCaller) {
  const labelPath = (labelId: number) => `/users/self/label/${segment(labelId)}.json`;
  const videoLabelsPath = (videoId: string) => `/videos/${segment(videoId)}/labels.json`;
  return {
    async create(labelName: string): Promise<Label> {
      const { body } = await caller.call(
        { method: 'POST', path: '/users/self/labels.json', form: { label_name: labelName }, endpoint: 'POST /users/self/labels.<format>' },
        createdLabelBody,
      );
      return body.label;
    },

    async list(): Promise<Label[]> {
      const { body } = await caller.call({ method: 'GET', path: '/users/self/labels.json', endpoint: 'GET /users/self/labels.<format>' }, labelsBody);
      return body.labels;
    },

    async rename(labelId: number, labelName: string): Promise<void> {
      await send(caller, { method: 'PUT', path: labelPath(labelId), form: { label_name: labelName }, endpoint: 'PUT /users/self/label/<label_id>.<format>' });
    },

    async remove(labelId: number): Promise<void> {
      await send(caller, { method: 'DELETE', path: labelPath(labelId), endpoint: 'DELETE /users/self/label/<label_id>.<format>' });
    },

    async addToVideo(videoId: string, labelIds: readonly number[]): Promise<void> {
      await send(caller, { method: 'PUT', path: videoLabelsPath(videoId), form: { label_ids: labelIds }, endpoint: 'PUT /videos/<video_id>/labels.<format>' });
    },

    /**
     * The spec gives DELETE a REQUIRED `label_ids` array but puts only POST and PUT parameters in the
     * body; a DELETE's parameters go in the query, where servers and proxies do not drop them.
     */
    async removeFromVideo(videoId: string, labelIds: readonly number[]): Promise<void> {
      await send(caller, { method: 'DELETE', path: videoLabelsPath(videoId), query: { label_ids: labelIds }, endpoint: 'DELETE /videos/<video_id>/labels.<format>' });
    },

    async listForVideo(videoId: string): Promise<Label[]> {
      const { body } = await caller.call({ method: 'GET', path: videoLabelsPath(videoId), endpoint: 'GET /videos/<video_id>/labels.<format>' }, labelsBody);
      return body.labels;
    },
  };
}
