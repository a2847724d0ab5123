// The per-video tools of the Videos panel, built together over one platform client: one per contract
// namespace, keyed by the namespace's name.
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { buildServices, type ServiceSet } from '../platform-backed-service.js';
import { CaptionService } from './caption-service.js';
import { ChapterService } from './chapter-service.js';
import { LabelService } from './label-service.js';
import { ThumbnailService } from './thumbnail-service.js';
import { TrimCopyService } from './trim-copy-service.js';

const VIDEO_TOOLS = { thumbnail: ThumbnailService, trim: TrimCopyService, labels: LabelService, chapters: ChapterService, captions: CaptionService };

export type VideoTools = ServiceSet<typeof VIDEO_TOOLS>;

export function createVideoTools(platformApi: () => Promise<PlatformApi>): VideoTools {
  return buildServices(VIDEO_TOOLS, platformApi);
}
