// Platform answers for the live pieces' unit tests: shaped as the typed client returns them, without HTTP.
import type { Channel, ChannelListItem, IngestSettings } from '../../../main/platform/endpoints/index.js';
import { PlatformError } from '../../../main/platform/platform-error.js';

export function channel(id: string, status: 'live' | 'offair', stats: { viewer_total: number; viewer?: number } = { viewer_total: 0 }): Channel {
  return { id, title: `Channel ${id}`, picture: {}, owner: { id: '1001', username: 'demo', picture: '' }, locks: [], status, stats };
}

export function listItem(id: string, broadcastUrls: string[]): ChannelListItem {
  return { id, title: `Channel ${id}`, url: `https://example.test/${id}`, tiny_url: '', status: 'offline', picture: {}, broadcast_urls: broadcastUrls };
}

export function ingestSettings(streamingKey: string, channelKey = 'channel-key-5001', rtmpsUrl: string | null = null): IngestSettings {
  return { rtmp_urls: ['rtmp://ingest-a.example.test/live', 'rtmp://ingest-b.example.test:1936/live/'], rtmps_url: rtmpsUrl, channel_key: channelKey, streaming_key: streamingKey };
}

export async function* listOf<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

export function unreachable(endpoint: string): PlatformError {
  return new PlatformError(0, null, endpoint, `${endpoint} could not be reached: connection refused.`);
}

export function refused(status: number, error: string, endpoint: string): PlatformError {
  return new PlatformError(status, error, endpoint, `${endpoint} answered ${status} (${error}).`);
}
