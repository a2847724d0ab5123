// Channel design (spec part A, "Channel design"): the page background colour and the channel picture.
import type { PlatformCaller } from '../platform-request.js';
import { segment, send, sendImage, type ImageFile } from './request-parts.js';
import { backgroundBody, type Background } from './schemas.js';

export function channelDesignApi(caller: PlatformCaller) {
  const base = (channelId: string) => `/channels/${segment(channelId)}/design`;
  return {
    async getBackground(channelId: string): Promise<Background> {
      const { body } = await caller.call(
        { method: 'GET', path: `${base(channelId)}/background.json`, endpoint: 'GET /channels/<channel_id>/design/background.<format>' },
        backgroundBody,
      );
      return body.background;
    },

    /** `color` is hex RGB. */
    async setBackground(channelId: string, color: string): Promise<void> {
      await send(caller, { method: 'PUT', path: `${base(channelId)}/background.json`, form: { color }, endpoint: 'PUT /channels/<channel_id>/design/background.<format>' });
    },

    async removeBackground(channelId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: `${base(channelId)}/background.json`, endpoint: 'DELETE /channels/<channel_id>/design/background.<format>' });
    },

    /** A square picture under 1 MB (sent as the logo is: see sendImage). */
    async uploadPicture(channelId: string, image: ImageFile): Promise<void> {
      await sendImage(caller, 'POST', `${base(channelId)}/picture.json`, 'POST /channels/<channel_id>/design/picture.<format>', image);
    },

    async removePicture(channelId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: `${base(channelId)}/picture.json`, endpoint: 'DELETE /channels/<channel_id>/design/picture.<format>' });
    },
  };
}
