// What every tab of a video gets from the video view: the video's identity and the facts tabs need.
export interface VideoTabProps {
  readonly videoId: string;
  readonly channelId: string;
  readonly title: string;
  /** Seconds; null when the platform did not say. */
  readonly lengthSeconds: number | null;
}
