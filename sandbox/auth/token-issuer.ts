// Issues the platform's access tokens and authorization codes under the rules the spec states: tokens
// live 1 day unless `offline`, `broadcaster` is for MAC tokens only, codes are single use and short-lived.
// Shared by the authorization page (code and implicit flows) and the token endpoint (all three grants),
// so both answer a bad scope or token type the same way.
import { ApiError } from '../http/api-error.js';
import type { Account, AuthorizationCode, ClientDialect, CodeChallenge, Scope, Token, TokenType } from '../state/model.js';
import { hashPassword, passwordMatches } from '../state/passwords.js';
import { hex40, nowSeconds, randomToken } from '../state/random.js';
import { sha256, type SandboxStore } from '../state/sandbox-store.js';
import { verifierMatches } from './pkce.js';
import { revokeFamily } from './refresh-tokens.js';

export const TOKEN_LIFETIME_SECONDS = 86_400;
export const CODE_LIFETIME_SECONDS = 600;
export const MAC_ALGORITHM = 'hmac-sha-1';
/** The scopes each dialect knows: the spec's `offline` became refresh tokens today, and `openid` is new. */
export const SCOPES: Readonly<Record<ClientDialect, readonly Scope[]>> = { spec: ['offline', 'broadcaster'], current: ['broadcaster', 'openid'] };

/**
 * The scope parameter: "a space-separated URL-encoded list". After the one decoding that the form or
 * query already did, a client that encoded the list itself still shows `%20` (or `+`), so one more
 * decoding is applied when a `%` remains. An unknown scope is refused with `invalid_scope` (RFC 6749
 * §5.2), a value the spec's token error table does not list but OAuth clients know.
 */
export function parseScopes(raw: string | null, dialect: ClientDialect = 'spec'): Scope[] {
  const known = SCOPES[dialect];
  if (raw === null) return [];
  let text = raw;
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      throw new ApiError(400, 'invalid_scope', `The scope ${JSON.stringify(raw)} is not a valid URL-encoded list.`);
    }
  }
  const names = text.split(/[\s+]+/).filter((name) => name !== '');
  const unknown = names.filter((name) => !known.some((scope) => scope === name));
  if (unknown.length > 0) {
    const offline = dialect === 'current' && unknown.includes('offline') ? ' (today\'s platform keeps a sign-in with refresh tokens instead of offline)' : '';
    throw new ApiError(400, 'invalid_scope', `Unknown scope ${unknown.map((name) => JSON.stringify(name)).join(', ')}: the platform knows ${known.join(' and ')}${offline}.`);
  }
  return known.filter((scope) => names.includes(scope));
}

/** `bearer` (the default) or `mac`, case-insensitive as RFC 6749 §5.1 makes token types; else invalid_request. */
export function parseTokenType(raw: string | null): TokenType {
  if (raw === null) return 'bearer';
  const lowered = raw.toLowerCase();
  if (lowered === 'bearer' || lowered === 'mac') return lowered;
  throw new ApiError(400, 'invalid_request', `The token_type must be bearer or mac, not ${JSON.stringify(raw)}.`);
}

/**
 * The spec allows `broadcaster` only for MAC tokens; asking for it with a bearer token is refused as
 * invalid_scope. Today's platform has no MAC tokens and gives `broadcaster` to bearer tokens.
 */
export function checkScopesForType(type: TokenType, scopes: readonly Scope[], dialect: ClientDialect = 'spec'): void {
  if (dialect === 'current') return;
  if (type !== 'mac' && scopes.includes('broadcaster')) {
    throw new ApiError(400, 'invalid_scope', 'The broadcaster scope is allowed only for MAC tokens: ask for token_type=mac.');
  }
}

export interface TokenRequest {
  readonly clientId: string;
  /** Null for a client-credentials token, which stands for the application. */
  readonly userId: string | null;
  readonly type: TokenType;
  readonly scopes: readonly Scope[];
  readonly deviceName: string | null;
  /** The refresh token family (today's platform's user tokens). */
  readonly familyId?: string;
}

/** A token just issued: the only moment the access token and MAC key exist outside the client. */
export interface IssuedToken {
  readonly token: Token;
  readonly accessToken: string;
  readonly macKey: string | null;
}

export function issueToken(store: SandboxStore, request: TokenRequest): IssuedToken {
  checkScopesForType(request.type, request.scopes, store.client(request.clientId)?.dialect);
  const now = nowSeconds();
  const accessToken = hex40();
  const token: Token = {
    tokenHash: sha256(accessToken),
    type: request.type,
    createdAt: now,
    expiresAt: request.scopes.includes('offline') ? null : now + TOKEN_LIFETIME_SECONDS,
    scopes: [...request.scopes],
    clientId: request.clientId,
    userId: request.userId,
    deviceName: request.deviceName,
    revoked: false,
    ...(request.familyId === undefined ? {} : { familyId: request.familyId }),
  };
  store.data.tokens.push(token);
  store.changed();
  return { token, accessToken, macKey: request.type === 'mac' ? store.macKeyFor(accessToken) : null };
}

/**
 * The token as the spec's result tables list it; the token endpoint sends it as JSON, the implicit flow as
 * query parameters. Only a token just issued is answered, so its lifetime counts from its issue time (a
 * second read of the clock could tick over and say 86399).
 */
export function tokenFields({ token, accessToken, macKey }: IssuedToken): Record<string, string | number> {
  const fields: Record<string, string | number> = { access_token: accessToken, token_type: token.type };
  if (token.expiresAt !== null) fields.expires_in = token.expiresAt - token.createdAt;
  if (token.type === 'mac' && macKey !== null) {
    fields.mac_key = macKey;
    fields.created_at = token.createdAt;
    fields.mac_algorithm = MAC_ALGORITHM;
  }
  return fields;
}

export interface CodeRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly userId: string;
  readonly scopes: readonly Scope[];
  readonly deviceName: string | null;
  /** PKCE, for today's platform's clients; the spec's clients' codes never carry one. */
  readonly challenge?: CodeChallenge | null;
}

/** Returns the code itself: the state keeps only its hash. */
export function issueCode(store: SandboxStore, request: CodeRequest): string {
  const now = nowSeconds();
  const issued = hex40();
  // An expired code can never be redeemed again; dropping them keeps a --state file from growing with every sign-in.
  store.data.codes = store.data.codes.filter((code) => code.expiresAt > now);
  const code: AuthorizationCode = {
    codeHash: sha256(issued),
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    userId: request.userId,
    scopes: [...request.scopes],
    deviceName: request.deviceName,
    expiresAt: now + CODE_LIFETIME_SECONDS,
    used: false,
    ...(request.challenge ? { challenge: request.challenge } : {}),
  };
  store.data.codes.push(code);
  store.changed();
  return issued;
}

export interface CodeRedemption {
  readonly code: string;
  /** The authenticated client asking for the token. */
  readonly clientId: string;
  readonly redirectUri: string;
  /**
   * Today's platform: the request's code_verifier, null when not sent. Left out for the spec's clients,
   * whose codes carry no challenge and whose token requests PKCE does not concern.
   */
  readonly verifier?: string | null;
}

/**
 * Marks the code used and returns it, or throws the token endpoint's error. A code is consumed only by a
 * successful exchange, so a stolen code replayed by another client, or sent with the wrong redirect_uri,
 * does not lock out the client it was issued to.
 */
export function redeemCode(store: SandboxStore, redemption: CodeRedemption): AuthorizationCode {
  const code = store.code(redemption.code);
  if (!code) throw new ApiError(400, 'invalid_grant', 'The authorization code does not exist.');
  if (code.clientId !== redemption.clientId) {
    throw new ApiError(400, 'invalid_client', 'The authorization code was issued to a different client.');
  }
  if (code.used) {
    // RFC 6749 §4.1.2: a code used twice SHOULD revoke what it gave; today's platform's codes start a family.
    if (code.familyId !== undefined) revokeFamily(store, code.familyId);
    throw new ApiError(400, 'invalid_grant', 'The authorization code was already used: codes are single use.');
  }
  if (code.expiresAt <= nowSeconds()) {
    throw new ApiError(400, 'invalid_grant', `The authorization code has expired (codes live ${CODE_LIFETIME_SECONDS / 60} minutes).`);
  }
  if (code.redirectUri !== redemption.redirectUri) {
    throw new ApiError(400, 'invalid_grant', 'The redirect_uri differs from the one used in the authorization step.');
  }
  if (redemption.verifier !== undefined) checkVerifier(store, code, redemption.verifier);
  code.used = true;
  store.changed();
  return code;
}

/**
 * RFC 7636 §4.6. A missing verifier is a missing parameter (the code stays usable, as for a wrong
 * redirect_uri); a verifier for a code issued without a challenge is refused, so a PKCE client cannot be
 * downgraded by a code from a request without one (OAuth 2.1 §4.1.3). A wrong verifier means the code is
 * not in the hands of the client that started the sign-in: the code is spent, and the client signs in again.
 */
function checkVerifier(store: SandboxStore, code: AuthorizationCode, verifier: string | null): void {
  if (!code.challenge) {
    if (verifier !== null) throw new ApiError(400, 'invalid_grant', 'The authorization code was issued without a code_challenge, so a code_verifier cannot be checked against it: sign in again with PKCE.');
    return;
  }
  if (verifier === null) throw new ApiError(400, 'invalid_request', `The authorization code was issued for a code_challenge (${code.challenge.method}): send its code_verifier.`);
  if (!verifierMatches(code.challenge, verifier)) {
    code.used = true;
    store.changed();
    throw new ApiError(400, 'invalid_grant', `The code_verifier does not answer the code_challenge (${code.challenge.method}) of the authorization request; the code can no longer be used: sign in again.`);
  }
}

let decoyHash: string | null = null;

/**
 * The account these credentials sign in to, or null. Both the login page and the password grant start
 * here, before any token is issued. An unknown user name costs the same scrypt work as a wrong password,
 * so response times do not reveal which user names exist.
 */
export function resourceOwner(store: SandboxStore, username: string, password: string): Account | null {
  const account = store.accountByUsername(username);
  const matches = passwordMatches(password, account?.passwordHash ?? (decoyHash ??= hashPassword(randomToken())));
  return account && matches ? account : null;
}
