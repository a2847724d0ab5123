// The encoder-drop bridge and the local safety copy as the panel shows them, read from the live state.
// Fields a core does not report yet read as "off", so the sections show their defaults.
import type { LiveState } from '../../../../preload/contract.js';

export interface BridgeView {
  readonly available: boolean;
  readonly enabled: boolean;
  readonly windowSeconds: number;
  /** ms since the epoch, while the relay sends the holding slate. */
  readonly holdingUntil: number | null;
}

export interface SafetyCopyFile {
  readonly path: string;
  readonly bytes: number | null;
}

export interface SafetyCopyView {
  readonly available: boolean;
  readonly enabled: boolean;
  readonly folder: string;
  readonly uploadWhenDone: boolean;
  readonly state: string;
  readonly currentFile: string | null;
  readonly bytes: number | null;
  readonly freeBytes: number | null;
  readonly warning: string | null;
  /** Finished copies not uploaded yet. */
  readonly files: readonly SafetyCopyFile[];
}

interface Extras {
  readonly bridge?: { enabled?: boolean; windowSeconds?: number; holdingUntil?: number | null } | null;
  readonly safetyCopy?: {
    enabled?: boolean;
    folder?: string | null;
    uploadWhenDone?: boolean;
    state?: string;
    currentFile?: string | null;
    bytes?: number | null;
    freeBytes?: number | null;
    warning?: string | null;
    files?: readonly (string | { path: string; bytes?: number | null; size?: number | null })[];
  } | null;
}

/** Times in the live state are ms since the epoch, or seconds in older fields: both read as ms. */
export function toMs(time: number): number {
  return time < 100_000_000_000 ? time * 1000 : time;
}

export function bridgeOf(live: LiveState): BridgeView {
  const bridge = (live as LiveState & Extras).bridge;
  return {
    available: bridge !== undefined && bridge !== null,
    enabled: bridge?.enabled ?? false,
    windowSeconds: bridge?.windowSeconds ?? 60,
    holdingUntil: bridge?.holdingUntil == null ? null : toMs(bridge.holdingUntil),
  };
}

export function safetyCopyOf(live: LiveState): SafetyCopyView {
  const copy = (live as LiveState & Extras).safetyCopy;
  return {
    available: copy !== undefined && copy !== null,
    enabled: copy?.enabled ?? false,
    folder: copy?.folder ?? '',
    uploadWhenDone: copy?.uploadWhenDone ?? false,
    state: copy?.state ?? 'off',
    currentFile: copy?.currentFile ?? null,
    bytes: copy?.bytes ?? null,
    freeBytes: copy?.freeBytes ?? null,
    warning: copy?.warning ?? null,
    files: (copy?.files ?? []).map((file) => (typeof file === 'string' ? { path: file, bytes: null } : { path: file.path, bytes: file.bytes ?? file.size ?? null })),
  };
}
