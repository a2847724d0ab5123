// Access tokens as the platform issues them (spec part A, "Authentication"), in the app's own shape.
export type Scope = 'offline' | 'broadcaster';

interface TokenBase {
  readonly accessToken: string;
  /** Unix seconds; null with scope offline. */
  readonly expiresAt: number | null;
  readonly scopes: readonly Scope[];
}

export interface BearerToken extends TokenBase {
  readonly type: 'bearer';
}

export interface MacToken extends TokenBase {
  readonly type: 'mac';
  readonly macKey: string;
  readonly macAlgorithm: 'hmac-sha-1';
  /** Unix seconds: the issue time the MAC nonce's age counts from. */
  readonly createdAt: number;
}

export type AccessToken = BearerToken | MacToken;

/** Where the transport gets the token for a call; null when there is none (not signed in). */
export interface TokenSource {
  token(kind: 'user' | 'client'): Promise<AccessToken | null>;
}
