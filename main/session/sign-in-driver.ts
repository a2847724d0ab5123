// How a shell shows the platform's login page. Electron opens its own login window, the CLI a loopback
// server, browser mode lets the page itself navigate (and completes through its callback route).
export interface SignInDriver {
  /**
   * The token a sign-in asks for unless told otherwise. `mac` comes only from the implicit flow, whose answer
   * (the token and its key) is in the redirect's address: fit for a login window whose session is thrown
   * away, not for a browser that keeps its history; `bearer` comes from the authorization code flow, whose
   * address carries a one-time code only.
   */
  readonly defaultTokenType: 'mac' | 'bearer';
  /** The redirect URI the authorization request names; the driver intercepts or serves it. */
  redirectUri(): string;
  /**
   * Shows the page and resolves with the URL the authorization server redirected to; or null when the
   * renderer navigates by itself (browser mode) and the sign-in completes later through the callback.
   */
  authorize(authorizeUrl: string): Promise<string | null>;
}
