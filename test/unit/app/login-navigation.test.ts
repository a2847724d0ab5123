import { describe, expect, it } from 'vitest';
import { loginNavigation } from '../../../main/app/login-navigation.js';

const auth = 'http://127.0.0.1:41000';
const redirect = 'http://127.0.0.1/companion/oauth/callback';

describe('the login window', () => {
  it('completes on the redirect URI, with the result in its query or fragment', () => {
    expect(loginNavigation(`${redirect}?access_token=abc&state=s`, auth, redirect)).toBe('complete');
    expect(loginNavigation(`${redirect}#access_token=abc&state=s`, auth, redirect)).toBe('complete');
    expect(loginNavigation(`${redirect}?error=access_denied&state=s`, auth, redirect)).toBe('complete');
  });

  it('moves freely within the authorization server', () => {
    expect(loginNavigation(`${auth}/oauth2/authorize?client_id=x`, auth, redirect)).toBe('allow');
    expect(loginNavigation(`${auth}/signup`, auth, redirect)).toBe('allow');
    // The login page's links and their way back carry the sign-in request, the redirect URI included.
    const request = `client_id=x&redirect_uri=${encodeURIComponent(redirect)}&state=s`;
    expect(loginNavigation(`${auth}/password-reset?${request}&username=demo`, auth, redirect)).toBe('allow');
    expect(loginNavigation(`${auth}/signup?${request}`, auth, redirect)).toBe('allow');
  });

  it.each([
    'https://evil.example/oauth2/authorize',
    'http://127.0.0.1:41001/oauth2/authorize',
    'http://127.0.0.1/companion/oauth/callback.evil',
    'http://127.0.0.1:8080/companion/oauth/callback?access_token=abc',
    'http://user:pass@127.0.0.1/companion/oauth/callback?access_token=abc',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('blocks %s', (url) => {
    expect(loginNavigation(url, auth, redirect)).toBe('block');
  });
});
