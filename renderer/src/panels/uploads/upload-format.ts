// How the Uploads panel writes sizes, speeds, times left and each row's state.
import type { UploadRow } from '../../../../preload/contract.js';

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** Binary multiples with the usual short names, as the `companion upload` command prints them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

export function formatSpeed(bytesPerSecond: number): string {
  return bytesPerSecond > 0 ? `${formatBytes(bytesPerSecond)}/s` : '—';
}

/** 42 → "0:42", 3725 → "1 h 2 min". */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  if (minutes >= 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

const PLATFORM_STEPS: Readonly<Record<NonNullable<UploadRow['platformStatus']>, string>> = {
  initiated: 'Handed over',
  transferred: 'Received by the platform',
  queued: 'Queued on the platform',
  pending: 'Pending on the platform',
  transcoding: 'Transcoding',
  complete: 'Complete',
  error: 'Failed on the platform',
};

export function stateLabel(row: UploadRow): string {
  switch (row.state) {
    case 'waiting':
      return 'Waiting';
    case 'paused':
      return 'Paused';
    case 'initialising':
      return 'Starting';
    case 'transferring':
      return 'Sending';
    case 'sending-ready':
      return 'Handing over';
    case 'processing':
      return row.platformStatus ? PLATFORM_STEPS[row.platformStatus] : 'Processing';
    case 'complete':
      return 'Complete';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** The file's name without its folders (the renderer has no path module, and paths come from any OS). */
export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}
