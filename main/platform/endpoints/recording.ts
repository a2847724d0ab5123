// The cloud recorder, autorecord and the record time limit (spec part A, "Recording").
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { recorderBody, recordingLimitBody, type RecorderVideo } from './schemas.js';

/** `disabled`: no auto-recorded video; `private` / `public`: how new auto-records are published. */
export type AutorecordMode = 'disabled' | 'private' | 'public';

export function recordingApi(caller: PlatformCaller) {
  const recorderPath = (channelId: string) => `/channels/${segment(channelId)}/recorder.json`;
  return {
    /** Starts recording an owned channel that is broadcasting; the platform gives "no direct feedback". */
    async start(channelId: string): Promise<void> {
      await send(caller, { method: 'POST', path: recorderPath(channelId), form: { command: 'start' }, endpoint: 'POST /channels/<channel_id>/recorder.<format>' });
    },

    /** Stops recording; the recorded video, or null when there was none. */
    async stop(channelId: string): Promise<RecorderVideo | null> {
      const { body } = await caller.call(
        { method: 'POST', path: recorderPath(channelId), form: { command: 'stop' }, endpoint: 'POST /channels/<channel_id>/recorder.<format>' },
        recorderBody,
      );
      return body.video;
    },

    /** The recorder's video, or null when there is none. */
    async get(channelId: string): Promise<RecorderVideo | null> {
      const { body } = await caller.call({ method: 'GET', path: recorderPath(channelId), endpoint: 'GET /channels/<channel_id>/recorder.<format>' }, recorderBody);
      return body.video;
    },

    async setAutorecord(channelId: string, mode: AutorecordMode): Promise<void> {
      await send(caller, {
        method: 'PUT',
        path: `/channels/${segment(channelId)}/settings/autorecord.json`,
        form: { value: mode },
        endpoint: 'PUT /channels/<channel_id>/settings/autorecord.<format>',
      });
    },

    /** The maximum length of a recorded video, in seconds. */
    async getLimit(channelId: string): Promise<number> {
      const { body } = await caller.call(
        { method: 'GET', path: `/channels/${segment(channelId)}/limits/recording.json`, endpoint: 'GET /channels/<channel_id>/limits/recording.<format>' },
        recordingLimitBody,
      );
      return body.time;
    },
  };
}
