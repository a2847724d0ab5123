// The per-video tools the Videos panel shows as tabs of a video, after its own tabs (details, download,
// expiration, metadata): thumbnail, trim and copy, labels, chapters, captions. Each tool is one module
// with its own slice; this list is where the video view finds them.
import type { ComponentType } from 'react';
import { CaptionsTab } from './captions-tab';
import { ChaptersTab } from './chapters-tab';
import { LabelsTab } from './labels-tab';
import { ThumbnailTab } from './thumbnail-tab';
import { TrimCopyTab } from './trim-copy-tab';
import type { VideoTabProps } from './video-tab-props';

export interface VideoToolTab {
  readonly id: string;
  readonly label: string;
  readonly Tab: ComponentType<VideoTabProps>;
}

export const videoToolTabs: readonly VideoToolTab[] = [
  { id: 'thumbnail', label: 'Thumbnail', Tab: ThumbnailTab },
  { id: 'trim-copy', label: 'Trim and copy', Tab: TrimCopyTab },
  { id: 'labels', label: 'Labels', Tab: LabelsTab },
  { id: 'chapters', label: 'Chapters', Tab: ChaptersTab },
  { id: 'captions', label: 'Captions', Tab: CaptionsTab },
];
