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
    case 'processing': {
      const step = row.platformStatus ? PLATFORM_STEPS[row.platformStatus] : 'Processing';
      // The platform's transcoding percentage, where it tells it: a phase of its own after the sending.
      return row.processingProgress === null ? step : `${step} ${Math.round(row.processingProgress)}%`;
    }
    case 'complete':
      return 'Complete';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** The row's bar: the bytes sent, or, while the platform processes the file and tells how far, its transcoding. */
export function barOf(row: UploadRow): { share: number; label: string } {
  if (row.state === 'processing' && row.processingProgress !== null) return { share: Math.min(1, Math.max(0, row.processingProgress / 100)), label: `${row.title} processed` };
  return { share: row.size > 0 ? Math.min(1, row.bytes / row.size) : 0, label: `${row.title} sent` };
}

/** The file's name without its folders (the renderer has no path module, and paths come from any OS). */
export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}
