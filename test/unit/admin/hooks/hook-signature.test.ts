import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hookSignatureMatches } from '../../../../main/admin/hooks/hook-signature.js';

const body = Buffer.from('{"event":"video.create","videoId":7}');
const digest = createHmac('sha1', 'shared').update(body).digest();

describe('hook signature', () => {
  it('accepts the HMAC-SHA1 of the body as lowercase hex, uppercase hex or base64', () => {
    expect(hookSignatureMatches(body, 'shared', digest.toString('hex'))).toBe(true);
    expect(hookSignatureMatches(body, 'shared', digest.toString('hex').toUpperCase())).toBe(true);
    expect(hookSignatureMatches(body, 'shared', digest.toString('base64'))).toBe(true);
  });

  it('refuses another secret, another body, a cut value and noise', () => {
    expect(hookSignatureMatches(body, 'other', digest.toString('hex'))).toBe(false);
    expect(hookSignatureMatches(Buffer.from(`${body.toString()} `), 'shared', digest.toString('hex'))).toBe(false);
    expect(hookSignatureMatches(body, 'shared', digest.toString('hex').slice(0, 39))).toBe(false);
    expect(hookSignatureMatches(body, 'shared', '')).toBe(false);
    expect(hookSignatureMatches(body, 'shared', 'sha1=' + digest.toString('hex'))).toBe(false);
  });
});
