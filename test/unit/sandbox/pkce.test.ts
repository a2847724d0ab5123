// The sandbox's PKCE rules (RFC 7636): which authorization requests carry a usable challenge, which verifiers
// are well formed, and which answer a challenge.
import { describe, expect, it } from 'vitest';
import { readChallenge, verifierDigest, verifierMatches, verifierProblem } from '../../../sandbox/auth/pkce.js';
import type { CodeChallenge } from '../../../sandbox/state/model.js';

// Computed independently with python3-oauthlib 3.2.2: Client('x').create_code_challenge(VERIFIER, 'S256').
const VERIFIER = 'dBjftJeZ4CVP-mJ92K9qwuIyFkS8cCoZKCSYbVb9JhE';
const S256_CHALLENGE = 'lS6-pshiMw4tyl71uW0BW_1KiXtj67GjX2vB8ujl2Wk';

function challengeOf(challenge: string | null, method: string | null, native = true): CodeChallenge | null {
  const reading = readChallenge(challenge, method, native);
  if ('problem' in reading) throw new Error(reading.problem);
  return reading.challenge;
}

function problemOf(challenge: string | null, method: string | null, native = true): string {
  const reading = readChallenge(challenge, method, native);
  if (!('problem' in reading)) throw new Error(`accepted: ${JSON.stringify(reading.challenge)}`);
  return reading.problem;
}

describe('readChallenge', () => {
  it('keeps an S256 challenge as it is, the digest of its verifier', () => {
    expect(challengeOf(S256_CHALLENGE, 'S256')).toEqual({ method: 'S256', verifierDigest: S256_CHALLENGE });
    expect(verifierDigest(VERIFIER)).toBe(S256_CHALLENGE);
  });

  it('takes plain as the default method and stores the plain verifier only hashed', () => {
    const stored = challengeOf(VERIFIER, null);
    expect(stored).toEqual({ method: 'plain', verifierDigest: S256_CHALLENGE });
    expect(JSON.stringify(stored)).not.toContain(VERIFIER);
    expect(challengeOf(VERIFIER, 'plain')).toEqual(stored);
  });

  it('requires a challenge from a native client, not from another', () => {
    expect(problemOf(null, null, true)).toMatch(/native client: it must send a code_challenge/);
    expect(challengeOf(null, null, false)).toBeNull();
  });

  it.each([
    ['another method', S256_CHALLENGE, 'S512', /plain or S256/],
    ['a method in the wrong case', S256_CHALLENGE, 's256', /plain or S256/],
    ['a method without a challenge', null, 'S256', /without a code_challenge/],
    ['an S256 challenge with padding', `${S256_CHALLENGE}=`, 'S256', /43 characters/],
    ['an S256 challenge of standard base64', S256_CHALLENGE.replace('-', '+'), 'S256', /43 characters/],
    ['a plain challenge of 42 characters', VERIFIER.slice(1), 'plain', /43 to 128/],
    ['a plain challenge of 129 characters', 'a'.repeat(129), null, /43 to 128/],
    ['a plain challenge with a space', `${VERIFIER} `, 'plain', /43 to 128/],
  ])('refuses %s', (_case, challenge, method, problem) => {
    expect(problemOf(challenge, method)).toMatch(problem);
  });
});

describe('verifierProblem', () => {
  it('accepts 43 to 128 characters of A-Z a-z 0-9 - . _ ~', () => {
    expect(verifierProblem(VERIFIER)).toBeNull();
    expect(verifierProblem('a'.repeat(43))).toBeNull();
    expect(verifierProblem(`${'A-._~'.repeat(25)}aaa`)).toBeNull();
    expect(verifierProblem('z'.repeat(128))).toBeNull();
  });

  it.each([
    ['42 characters', 'a'.repeat(42), /has 42 characters\.$/],
    ['129 characters', 'a'.repeat(129), /has 129 characters\.$/],
    ['a plus sign', `${'a'.repeat(43)}+`, /some outside that set/],
    ['a slash', `${'a'.repeat(43)}/`, /some outside that set/],
    ['a non-ASCII letter', `${'a'.repeat(43)}é`, /some outside that set/],
  ])('refuses %s', (_case, verifier, problem) => {
    expect(verifierProblem(verifier)).toMatch(problem);
  });
});

describe('verifierMatches', () => {
  it('answers an S256 challenge with its verifier only', () => {
    const challenge = challengeOf(S256_CHALLENGE, 'S256')!;
    expect(verifierMatches(challenge, VERIFIER)).toBe(true);
    expect(verifierMatches(challenge, `${VERIFIER.slice(0, -1)}F`)).toBe(false);
    expect(verifierMatches(challenge, S256_CHALLENGE)).toBe(false);
  });

  it('answers a plain challenge with the verifier itself, not with its S256 transformation', () => {
    const challenge = challengeOf(VERIFIER, 'plain')!;
    expect(verifierMatches(challenge, VERIFIER)).toBe(true);
    expect(verifierMatches(challenge, S256_CHALLENGE)).toBe(false);
    expect(verifierMatches(challenge, 'a'.repeat(43))).toBe(false);
  });
});
