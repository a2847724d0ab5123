// The channel's publish targets in failover order, from its ingest settings and broadcast URLs. Where the
// ingest offers TLS (today's platform: `rtmps_url`) and the profile prefers it, the TLS ingest comes first;
// then the RTMP ingest URLs with the streaming key, then the channel's broadcast URLs (with the permanent
// channel key) as backups. The spec's dialect has no TLS ingest: its order is the RTMP URLs, then the backups.
import type { IngestSettings } from '../platform/endpoints/index.js';
import type { TargetSpec } from '../relay/relay-types.js';

export interface TargetChoice {
  /** Publish to the TLS ingest first (the current dialect, unless the profile asks for plain RTMP). */
  readonly preferTls: boolean;
}

export function ingestTargets(settings: IngestSettings, broadcastUrls: readonly string[], choice: TargetChoice): TargetSpec[] {
  const withKey = (url: string, key: string) => `${url.replace(/\/+$/, '')}/${key}`;
  const tls: TargetSpec[] =
    choice.preferTls && settings.rtmps_url
      ? [{ id: 'ingest-tls', label: `Ingest RTMPS · ${hostOf(settings.rtmps_url)}`, url: withKey(settings.rtmps_url, settings.streaming_key) }]
      : [];
  return [
    ...tls,
    ...settings.rtmp_urls.map((url, index) => ({ id: `ingest-${index + 1}`, label: `Ingest ${index + 1} · ${hostOf(url)}`, url: withKey(url, settings.streaming_key) })),
    ...broadcastUrls.map((url, index) => ({
      id: `backup-${index + 1}`,
      label: `Backup ${index + 1} · ${hostOf(url)}`,
      // The sandbox gives full publish URLs (channel key included); a bare ingest address gets the key added.
      url: url.includes(settings.channel_key) ? url : withKey(url, settings.channel_key),
    })),
  ];
}

/** The address part of a publish URL, for labels: never the path, where keys go, nor userinfo. */
function hostOf(url: string): string {
  return /^[a-z][a-z\d+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(url)?.[1] ?? 'unknown address';
}
