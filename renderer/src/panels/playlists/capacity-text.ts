// "N of M": how full a featured list or playlist is, from the platform's X-Collection-* headers.
import type { CollectionCapacity } from '../../../../preload/contract.js';

/** The platform's numbers when it gave both; else the count on screen, said to be without a known maximum. */
export function capacityText(capacity: CollectionCapacity, shown: number): string {
  if (capacity.limit === null || capacity.remaining === null) return `${shown} ${shown === 1 ? 'video' : 'videos'} (the platform does not say how many fit)`;
  return `${Math.max(0, capacity.limit - capacity.remaining)} of ${capacity.limit} videos`;
}

/** Whether the platform says nothing more fits. */
export function isFull(capacity: CollectionCapacity): boolean {
  return capacity.remaining === 0;
}
