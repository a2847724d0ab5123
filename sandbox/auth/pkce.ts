// PKCE (RFC 7636) for today's platform's authorization code flow: reading the authorize page's
// code_challenge and code_challenge_method, and checking the token request's code_verifier against what the
// code keeps. Pure functions, so the rules are unit-tested without a server.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { CodeChallenge } from '../state/model.js';

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is a base64url SHA-256 without padding: always 43 characters. */
const S256_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ChallengeReading = { readonly challenge: CodeChallenge | null } | { readonly problem: string };

/**
 * The challenge of an authorization request, or why it is refused (an `invalid_request`). `plain` is the
 * default method (RFC 7636 §4.3, and today's platform's docs). No challenge is a problem only for a native
 * client, which must use PKCE; a method without a challenge is always one, since it shows a client that
 * meant to use PKCE and lost its challenge on the way.
 */
export function readChallenge(challenge: string | null, method: string | null, native: boolean): ChallengeReading {
  if (challenge === null) {
    if (method !== null) return { problem: 'code_challenge_method was sent without a code_challenge.' };
    if (native) return { problem: 'This application is a native client: it must send a code_challenge (PKCE, RFC 7636), preferably with code_challenge_method=S256.' };
    return { challenge: null };
  }
  const chosen = method ?? 'plain';
  if (chosen === 'S256') {
    if (!S256_CHALLENGE_PATTERN.test(challenge)) return { problem: 'An S256 code_challenge is the base64url SHA-256 of the verifier without padding: 43 characters of A-Z, a-z, 0-9, - and _.' };
    return { challenge: { method: 'S256', verifierDigest: challenge } };
  }
  if (chosen === 'plain') {
    if (!VERIFIER_PATTERN.test(challenge)) return { problem: 'A plain code_challenge is the code_verifier itself: 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~.' };
    return { challenge: { method: 'plain', verifierDigest: verifierDigest(challenge) } };
  }
  return { problem: `The code_challenge_method must be plain or S256, not ${JSON.stringify(chosen)}.` };
}

/** Null when the verifier is well formed, else why not (an `invalid_request`). */
export function verifierProblem(verifier: string): string | null {
  if (VERIFIER_PATTERN.test(verifier)) return null;
  return `The code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~ (RFC 7636 §4.1); this one has ${verifier.length} characters${/^[A-Za-z0-9\-._~]*$/.test(verifier) ? '' : ', some outside that set'}.`;
}

/** Whether the verifier answers the challenge, compared in constant time. */
export function verifierMatches(challenge: CodeChallenge, verifier: string): boolean {
  const expected = Buffer.from(challenge.verifierDigest);
  const actual = Buffer.from(verifierDigest(verifier));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** BASE64URL(SHA256(ASCII(verifier))): the S256 transformation of RFC 7636 §4.2. */
export function verifierDigest(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
