// A video's trim (playback start and end; the original file stays as it is) and the copy of a part into a
// new video, which the platform makes asynchronously: started here, then its status asked until finished.
import type { CopyOrder, CopyProgress, TrimRange, VideoTrim, NamespaceImplementation, trimNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import type { CopyStatus } from '../../platform/endpoints/schemas.js';
import { explained } from './video-tool-errors.js';

const BAD_RANGE = 'whole seconds from 0 to the end of the video, the end at least 10 seconds after the start';

export class TrimCopyService extends PlatformBackedService implements NamespaceImplementation<typeof trimNamespace> {
  /** The platform's answer when no trim is set is not in the spec; the sandbox gives the whole video. */
  async state(videoId: string): Promise<VideoTrim> {
    const api = await this.api();
    const { start, end } = await explained(() => api.thumbnailsTrimCopy.getTrim(videoId));
    return { start, end };
  }

  async set(videoId: string, range: TrimRange): Promise<VideoTrim> {
    const api = await this.api();
    await explained(() => api.thumbnailsTrimCopy.setTrim(videoId, range), {
      400: `The platform refused the trim ${range.start}–${range.end} s. Choose a start and end in ${BAD_RANGE}.`,
    });
    return this.state(videoId);
  }

  async remove(videoId: string): Promise<VideoTrim> {
    const api = await this.api();
    await explained(() => api.thumbnailsTrimCopy.removeTrim(videoId));
    return this.state(videoId);
  }

  async copy(videoId: string, order: CopyOrder): Promise<CopyProgress> {
    const api = await this.api();
    const request = await explained(() => api.thumbnailsTrimCopy.copy(videoId, order), {
      400: `The platform refused to copy ${order.start}–${order.end} s. Choose a part in ${BAD_RANGE}, and a title of 1 to 255 characters.`,
    });
    return { requestId: request.request_id, finished: false, videoId: null, videoUrl: null };
  }

  async copyStatus(requestId: string): Promise<CopyProgress> {
    const api = await this.api();
    const status = await explained(() => api.thumbnailsTrimCopy.copyStatus(requestId), {
      404: 'The platform no longer knows this copy (it was dropped, or its channel was deleted). Look for it in the list of videos.',
    });
    return progressOf(requestId, status);
  }
}

function progressOf(requestId: string, status: CopyStatus): CopyProgress {
  if (!status.is_finished) return { requestId, finished: false, videoId: null, videoUrl: null };
  return { requestId, finished: true, videoId: status.video_id === undefined ? null : String(status.video_id), videoUrl: status.video_url ?? null };
}
