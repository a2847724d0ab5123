// How full a featured list or playlist is (spec part B, Limits: "collection capacity: exposed in headers
// X-Collection-Limit and X-Collection-Remaining"). The app shows it as "N of M", from a successful answer
// and from the 413 `limit_reached` error alike.
export interface CollectionCapacity {
  /** `X-Collection-Limit`: how many the collection may hold; null when the platform did not say. */
  readonly limit: number | null;
  /** `X-Collection-Remaining`: how many more fit; null when the platform did not say. */
  readonly remaining: number | null;
}

export const COLLECTION_LIMIT_HEADER = 'X-Collection-Limit';
export const COLLECTION_REMAINING_HEADER = 'X-Collection-Remaining';

/** A header's count: null when absent, undefined when present but not a count. */
export function headerCount(headers: Headers, name: string): number | null | undefined {
  const value = headers.get(name);
  if (value === null) return null;
  return /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}
