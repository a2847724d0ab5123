// A video's thumbnail: an uploaded image, checked here before it leaves (the type from its first bytes,
// its pixel size from the header, its byte size against the spec's limits), or a frame of the video.
import { CompanionError, THUMBNAIL_LIMITS, type ThumbnailUpload, type UploadedImage, type NamespaceImplementation, type thumbnailNamespace } from '../../../preload/contract.js';
import { IMAGE_CONTENT_TYPES, readImageHeader } from '../../images/image-header.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { explained } from './video-tool-errors.js';

const LIMITS_SENTENCE = `Use a JPEG, PNG or GIF under 10 MB and smaller than ${THUMBNAIL_LIMITS.maxSide} x ${THUMBNAIL_LIMITS.maxSide} px.`;

export class ThumbnailService extends PlatformBackedService implements NamespaceImplementation<typeof thumbnailNamespace> {
  async upload(videoId: string, image: ThumbnailUpload): Promise<UploadedImage> {
    const data = new Uint8Array(Buffer.from(image.base64, 'base64'));
    const header = readImageHeader(data);
    if (!header) throw new CompanionError('invalid_file', `This file is not a JPEG, PNG or GIF image, so it cannot be the thumbnail. ${LIMITS_SENTENCE}`);
    if (IMAGE_CONTENT_TYPES[header.format] !== image.contentType) {
      throw new CompanionError('invalid_file', `This file says it is ${image.contentType} but it is ${IMAGE_CONTENT_TYPES[header.format]}. Save it again in one format and retry.`);
    }
    if (data.length >= THUMBNAIL_LIMITS.maxBytes) {
      throw new CompanionError('bad_request', `The image is ${(data.length / 1_000_000).toFixed(1)} MB; a thumbnail must be under 10 MB. Save it smaller (or as JPEG) and retry.`);
    }
    if (header.width >= THUMBNAIL_LIMITS.maxSide || header.height >= THUMBNAIL_LIMITS.maxSide) {
      throw new CompanionError(
        'bad_request',
        `The image is ${header.width} x ${header.height} px; a thumbnail must be smaller than ${THUMBNAIL_LIMITS.maxSide} x ${THUMBNAIL_LIMITS.maxSide} px. Scale it down and retry.`,
      );
    }
    const api = await this.api();
    await explained(() => api.thumbnailsTrimCopy.uploadThumbnail(videoId, { data, contentType: image.contentType }), {
      400: `The platform refused this image as a thumbnail. ${LIMITS_SENTENCE}`,
    });
    return { width: header.width, height: header.height, bytes: data.length };
  }

  async setFrame(videoId: string, position: number): Promise<null> {
    const api = await this.api();
    await explained(() => api.thumbnailsTrimCopy.setThumbnailFrame(videoId, position), {
      400: `The platform has no frame at ${position} seconds. Choose a position from 0 to the video's length.`,
    });
    return null;
  }
}
