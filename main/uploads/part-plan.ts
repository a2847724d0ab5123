// How a file is cut into parts for an upload in parts, and which parts are still to send after what the
// journal says the platform acknowledged: every part is `size` bytes but the last, which holds the rest.
import type { PartPlan, PartRanges } from './upload-transport.js';

/** The parts of a file of `fileSize` bytes, `partSize` each (an empty file is one empty part). */
export function planParts(fileSize: number, partSize: number): PartPlan {
  if (!Number.isInteger(partSize) || partSize <= 0) throw new Error(`a part size is a positive whole number of bytes (got ${partSize})`);
  return { count: Math.max(1, Math.ceil(fileSize / partSize)), size: partSize };
}

/** Where part `index` lies in the file. */
export function partSlice(plan: PartPlan, fileSize: number, index: number): { readonly offset: number; readonly length: number } {
  if (!Number.isInteger(index) || index < 0 || index >= plan.count) throw new Error(`part ${index} is not one of the file's ${plan.count} parts`);
  const offset = index * plan.size;
  return { offset, length: Math.max(0, Math.min(plan.size, fileSize - offset)) };
}

/** The parts not acknowledged yet, in order: the first one not acknowledged comes first. */
export function partsToSend(plan: PartPlan, acknowledged: PartRanges): number[] {
  const done = new Uint8Array(plan.count);
  for (const [from, to] of acknowledged) for (let part = Math.max(0, from); part <= Math.min(to, plan.count - 1); part += 1) done[part] = 1;
  const missing: number[] = [];
  for (let part = 0; part < plan.count; part += 1) if (done[part] === 0) missing.push(part);
  return missing;
}

/** Bytes of the file in the given parts. */
export function bytesOfParts(plan: PartPlan, fileSize: number, parts: readonly number[]): number {
  let bytes = 0;
  for (const part of parts) bytes += partSlice(plan, fileSize, part).length;
  return bytes;
}
