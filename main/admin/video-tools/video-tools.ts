// The per-video tools of the Videos panel, built together over one platform client: one per contract
// namespace, keyed by the namespace's name.
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { CaptionService } from './caption-service.js';
import { ChapterService } from './chapter-service.js';
import { LabelService } from './label-service.js';
import { ThumbnailService } from './thumbnail-service.js';
import { TrimCopyService } from './trim-copy-service.js';

export interface VideoTools {
  readonly thumbnail: ThumbnailService;
  readonly trim: TrimCopyService;
  readonly labels: LabelService;
  readonly chapters: ChapterService;
  readonly captions: CaptionService;
}

export function createVideoTools(platformApi: () => Promise<PlatformApi>): VideoTools {
  return {
    thumbnail: new ThumbnailService(platformApi),
    trim: new TrimCopyService(platformApi),
    labels: new LabelService(platformApi),
    chapters: new ChapterService(platformApi),
    captions: new CaptionService(platformApi),
  };
}
