// The sign-in request's parameters as the login page's sign-up and password-reset links carry them.
import { describe, expect, it } from 'vitest';
import { carriedSignInParameters, MAX_CARRIED_VALUE_LENGTH, signInQuery } from '../../../sandbox/auth/sign-in-parameters.js';

const REQUEST = { response_type: 'code', client_id: 'c'.repeat(40), redirect_uri: 'http://127.0.0.1:7777/cb', state: 'a&b=c' };

describe('signInQuery', () => {
  it('puts the parameters into a query in the spec order, leaving out absent ones', () => {
    expect(signInQuery({ state: 's', client_id: 'c', display: 'touch' })?.toString()).toBe('client_id=c&state=s&display=touch');
  });

  it('gives up on a value too long to carry in a link', () => {
    expect(signInQuery({ ...REQUEST, state: 'x'.repeat(MAX_CARRIED_VALUE_LENGTH) })).not.toBeNull();
    expect(signInQuery({ ...REQUEST, state: 'x'.repeat(MAX_CARRIED_VALUE_LENGTH + 1) })).toBeNull();
  });
});

describe('carriedSignInParameters', () => {
  it('reads back what signInQuery wrote', () => {
    const query = signInQuery({ ...REQUEST, scope: 'offline broadcaster', device_name: 'Studio <PC>' });
    expect(carriedSignInParameters(query!)).toEqual({ ...REQUEST, scope: 'offline broadcaster', device_name: 'Studio <PC>' });
  });

  it('leaves out names that are not sign-in parameters, and empty values', () => {
    const query = new URLSearchParams({ ...REQUEST, next: 'https://evil.example/', return_to: '//evil.example', password: 'x', lang: '' });
    expect(carriedSignInParameters(query)).toEqual(REQUEST);
  });

  it.each([
    ['no client_id', new URLSearchParams({ redirect_uri: REQUEST.redirect_uri })],
    ['no redirect_uri', new URLSearchParams({ client_id: REQUEST.client_id })],
    ['an empty redirect_uri', new URLSearchParams({ ...REQUEST, redirect_uri: '' })],
    ['a repeated parameter', new URLSearchParams([...Object.entries(REQUEST), ['state', 'other']])],
    ['a value too long', new URLSearchParams({ ...REQUEST, redirect_uri: `${REQUEST.redirect_uri}?${'x'.repeat(MAX_CARRIED_VALUE_LENGTH)}` })],
  ])('is null for %s', (_case, query) => {
    expect(carriedSignInParameters(query)).toBeNull();
  });
});
