// `--bridge SECONDS|off`: the encoder-drop bridge's window for `companion relay` and `companion live`.
import { UsageError } from './command-context.js';

export const BRIDGE_SECONDS = { min: 1, max: 3600, default: 60 } as const;

/** The window in ms, null for `off`, undefined when the option was not given. */
export function parseBridgeOption(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return null;
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || seconds < BRIDGE_SECONDS.min || seconds > BRIDGE_SECONDS.max) {
    throw new UsageError(`--bridge takes a number of seconds from ${BRIDGE_SECONDS.min} to ${BRIDGE_SECONDS.max}, or off (got ${value})`);
  }
  return seconds * 1000;
}
