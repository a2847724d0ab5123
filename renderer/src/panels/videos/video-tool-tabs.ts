// The per-video tools the Videos panel shows as tabs of a video, after its own tabs (details, download,
// expiration, metadata): thumbnail, trim and copy, labels, chapters, captions. Each tool is one module
// with its own slice; this list is where the video view finds them.
import type { ComponentType } from 'react';

export interface VideoTabProps {
  readonly videoId: string;
  readonly channelId: string;
  readonly title: string;
  /** Seconds; null when the platform did not say. */
  readonly lengthSeconds: number | null;
}

export interface VideoToolTab {
  readonly id: string;
  readonly label: string;
  readonly Tab: ComponentType<VideoTabProps>;
}

export const videoToolTabs: readonly VideoToolTab[] = [];
