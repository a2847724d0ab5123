// The rules of a part of an upload in 1 MiB parts (sandbox/uploads-v2/part-rules.ts), at their edges: the
// last part's size, totals that disagree, the 10 GiB limit, whole numbers, the first missing part.
import { describe, expect, it } from 'vitest';
import { checkFileSize, checkPart, firstMissing, MAX_FILE_SIZE, PART_SIZE, partCountFor, partSizeAt, UploadRejected, wholeNumber, type PartFields } from '../../../sandbox/uploads-v2/part-rules.js';

const NONE = { totalPartCount: null, totalFileSize: null };
const part = (partIndex: number, totalFileSize: number, bytes: number, totalPartCount = partCountFor(totalFileSize)): PartFields => ({
  uploadId: 'u',
  partIndex,
  totalPartCount,
  totalFileSize,
  bytes: Buffer.alloc(bytes),
});
const hintOf = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof UploadRejected) return `${error.status} ${error.error}: ${error.hint}`;
    throw error;
  }
  return 'accepted';
};

describe('part rules', () => {
  it('cuts a file into 1 MiB parts, the last holding the rest', () => {
    expect([partCountFor(1), partCountFor(PART_SIZE), partCountFor(PART_SIZE + 1)]).toEqual([1, 1, 2]);
    expect([partSizeAt(0, PART_SIZE + 1), partSizeAt(1, PART_SIZE + 1), partSizeAt(0, 10)]).toEqual([PART_SIZE, 1, 10]);
  });

  it('takes parts of the right size, and says what is wrong with the others', () => {
    expect(hintOf(() => checkPart(NONE, part(1, PART_SIZE + 1, 1)))).toBe('accepted');
    expect(hintOf(() => checkPart(NONE, part(0, PART_SIZE + 1, 1)))).toMatch(/^400 bad_request: The part 0 has 1 bytes, expected 1048576: every part but the last/);
    expect(hintOf(() => checkPart(NONE, part(1, PART_SIZE + 1, PART_SIZE)))).toMatch(/the last part \(1\) holds the rest/);
    expect(hintOf(() => checkPart(NONE, part(2, PART_SIZE + 1, 1)))).toMatch(/partIndex 2 is out of range: .* 0 to 1/);
    expect(hintOf(() => checkPart(NONE, part(0, PART_SIZE, PART_SIZE, 2)))).toMatch(/totalPartCount is 2, but a file of 1048576 bytes .* has 1/);
    expect(hintOf(() => checkPart({ totalPartCount: 2, totalFileSize: PART_SIZE + 1 }, part(0, PART_SIZE + 2, PART_SIZE)))).toMatch(/totalFileSize changed between parts/);
  });

  it('refuses over 10 GiB with 413 file_too_large, and takes exactly 10 GiB', () => {
    expect(MAX_FILE_SIZE).toBe(10_737_418_240);
    expect(hintOf(() => checkFileSize(MAX_FILE_SIZE))).toBe('accepted');
    expect(hintOf(() => checkFileSize(MAX_FILE_SIZE + 1))).toMatch(/^413 file_too_large:/);
  });

  it('reads whole numbers only', () => {
    expect(wholeNumber(' 7 ', 'partIndex', 0)).toBe(7);
    for (const value of [null, '', '-1', '1.5', '1e3', 'seven', '99999999999999999999']) {
      expect(hintOf(() => wholeNumber(value, 'partIndex', 0)), String(value)).toMatch(/^400 bad_request: The field partIndex/);
    }
    expect(hintOf(() => wholeNumber('0', 'totalPartCount', 1))).toMatch(/at least 1/);
  });

  it('finds the first missing part of an ascending list', () => {
    expect([firstMissing([0, 1, 2], 3), firstMissing([1, 2], 3), firstMissing([0, 2], 3), firstMissing([0, 1], 3), firstMissing([], 1)]).toEqual([null, 0, 1, 2, 0]);
  });
});
