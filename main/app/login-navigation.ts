// Where the login window may go: within the authorization server only; the app's redirect URI ends the
// sign-in (the window stops there and never loads it); anything else is blocked.
export type LoginNavigation = 'complete' | 'allow' | 'block';

export function loginNavigation(url: string, authOrigin: string, redirectUri: string): LoginNavigation {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'block';
  }
  const redirect = new URL(redirectUri);
  // Compared as parsed parts, not as text: `http://127.0.0.1/companion/oauth/callback.evil.example` or a
  // different port must not pass for the redirect.
  if (target.origin === redirect.origin && target.pathname === redirect.pathname && target.username === '' && target.password === '') return 'complete';
  return target.origin === authOrigin ? 'allow' : 'block';
}
