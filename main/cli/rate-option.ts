// `--limit-rate` (and `companion settings set limit-rate`): an upload speed limit as people type it.
import { UsageError } from './command-context.js';

/** "500k" → 512000 bytes per second; "2M" → 2097152; a plain number is bytes; "none": no limit (null). */
export function rateOption(value: string | undefined, name = '--limit-rate'): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const match = /^(\d+(?:\.\d+)?)([kKmMgG]?)$/.exec(value);
  if (!match) throw new UsageError(`${name} takes bytes per second, like 500k or 2M, or none (got ${value})`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase()]!;
  const bytes = Math.round(Number(match[1]) * unit);
  if (bytes <= 0) throw new UsageError(`${name} must be more than 0`);
  return bytes;
}
