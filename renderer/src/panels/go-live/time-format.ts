// Times and sizes as the Go live panel words them: clock-style durations, countdowns, bytes.
/** 0:47, 12:05, 1:02:03. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h > 0 ? `${h}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The time left until `atMs` (ms since the epoch), counted in whole seconds up, as a clock. */
export function countdown(atMs: number, nowMs: number): string {
  return formatDuration(Math.ceil((atMs - nowMs) / 1000));
}

/** 820 KB, 14.2 MB, 3.1 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
}

export function formatKbps(kbps: number | null): string {
  return kbps === null ? '—' : `${Math.round(kbps)} kb/s`;
}

/** Uptime as a clock with hours always shown: 0:04:07, 1:02:03. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${formatDuration(s % 3600).padStart(5, '0')}`;
}
