import { describe, expect, it } from 'vitest';
import { fileProblemWords } from '../../../main/system-error-words.js';

const nodeError = (code: string) => Object.assign(new Error(`${code}: something, open '/videos/a.mp4'`), { code });

describe('file problems in words', () => {
  it("says what Node's codes mean, without the codes", () => {
    expect(fileProblemWords(nodeError('ENOENT'))).toBe('it is no longer there (moved, renamed or deleted)');
    expect(fileProblemWords(nodeError('EACCES'))).toContain('not allowed');
    for (const code of ['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'EIO']) expect(fileProblemWords(nodeError(code))).not.toContain(code);
  });

  it('names a code it has no words for, and quotes an error without one', () => {
    expect(fileProblemWords(nodeError('EXDEV'))).toBe('the system refused (EXDEV)');
    expect(fileProblemWords(new Error('odd'))).toBe('it could not be read (odd)');
  });
});
