// Today's platform's refresh tokens: issued with every user token of a `current` client, kept only as their
// SHA-256, alive 30 days or until revoked, rotated on every use. A sign-in (one code exchange) starts a
// family; every refresh token and access token that follows from it carries the family's id, so revoking
// the sign-in, or catching a rotated token presented again, ends all of them at once (RFC 6819 §5.2.2.3,
// OAuth 2.0 Security BCP §4.14.2: a rotated token coming back means two parties hold the family).
import { ApiError } from '../http/api-error.js';
import type { RefreshToken, Scope } from '../state/model.js';
import { nowSeconds, randomToken } from '../state/random.js';
import { sha256, type SandboxStore } from '../state/sandbox-store.js';

export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 86_400;

export interface RefreshGrant {
  readonly familyId: string;
  readonly clientId: string;
  readonly userId: string;
  readonly scopes: readonly Scope[];
  readonly deviceName: string | null;
}

function refreshTokensOf(store: SandboxStore): RefreshToken[] {
  return (store.data.refreshTokens ??= []);
}

/** A new family id: one per sign-in. */
export function newFamilyId(): string {
  return randomToken(16);
}

/** Returns the refresh token itself (256 random bits, base64url): the state keeps only its hash. */
export function issueRefreshToken(store: SandboxStore, grant: RefreshGrant): string {
  const now = nowSeconds();
  const issued = randomToken(32);
  // An expired refresh token is refused whatever happens to it; dropping them keeps a --state file small.
  store.data.refreshTokens = refreshTokensOf(store).filter((token) => token.expiresAt > now);
  store.data.refreshTokens.push({
    tokenHash: sha256(issued),
    familyId: grant.familyId,
    clientId: grant.clientId,
    userId: grant.userId,
    scopes: [...grant.scopes],
    deviceName: grant.deviceName,
    createdAt: now,
    expiresAt: now + REFRESH_TOKEN_LIFETIME_SECONDS,
    rotatedAt: null,
    revoked: false,
  });
  store.changed();
  return issued;
}

/**
 * The refresh token, found by its hash. The lookup compares hashes of a secret the caller chose, so its
 * timing tells nothing about a stored token (the same holds for access tokens and codes).
 */
export function findRefreshToken(store: SandboxStore, presented: string): RefreshToken | undefined {
  const hash = sha256(presented);
  return refreshTokensOf(store).find((token) => token.tokenHash === hash);
}

/**
 * Uses a refresh token for the authenticated client: marks it rotated and returns it, or throws the token
 * endpoint's `invalid_grant`. A token already rotated revokes its whole family before the refusal.
 */
export function useRefreshToken(store: SandboxStore, presented: string, clientId: string): RefreshToken {
  const token = findRefreshToken(store, presented);
  const now = nowSeconds();
  if (!token) throw invalidGrant('The refresh token is not known to the platform.');
  // RFC 6749 §6: the token must have been issued to the client that presents it. Nothing is revoked: a
  // client that is not the family's cannot be told apart from one with a typo in its client_id.
  if (token.clientId !== clientId) throw invalidGrant('The refresh token was issued to a different client.');
  if (token.revoked) throw invalidGrant('The refresh token was revoked: sign in again.');
  if (token.rotatedAt !== null) {
    revokeFamily(store, token.familyId);
    throw invalidGrant('The refresh token was already used (each refresh answers a new one; keep only the newest). As a precaution every token of this sign-in is now revoked: sign in again.');
  }
  if (token.expiresAt <= now) throw invalidGrant('The refresh token has expired (refresh tokens live 30 days): sign in again.');
  token.rotatedAt = now;
  store.changed();
  return token;
}

/** Revokes every refresh token and access token of the family (a sign-in); returns how many were live. */
export function revokeFamily(store: SandboxStore, familyId: string): number {
  let revoked = 0;
  for (const token of [...refreshTokensOf(store), ...store.data.tokens]) {
    if (token.familyId !== familyId || token.revoked) continue;
    token.revoked = true;
    revoked += 1;
  }
  store.changed();
  return revoked;
}

function invalidGrant(description: string): ApiError {
  return new ApiError(400, 'invalid_grant', description);
}
