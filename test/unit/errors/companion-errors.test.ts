import { describe, expect, it } from 'vitest';
import { toCompanionError } from '../../../main/companion-errors.js';
import { PlatformError, SignInNeededError } from '../../../main/platform/platform-error.js';

describe('platform errors in words', () => {
  it('words a refusal without its call and keeps the call as the detail', () => {
    const endpoint = 'GET /users/self/channels.<format>';
    const message = `${endpoint} answered 500 (server_error: it broke): the platform failed; try again later.`;
    const error = toCompanionError(new PlatformError(500, 'server_error', endpoint, message));
    expect(error?.message).toBe('The platform failed; try again later.');
    expect(error?.details).toBe(message);
  });

  it('asks for a sign-in in words; the refused call is the detail', () => {
    const endpoint = 'GET /users/self.<format>';
    const error = toCompanionError(new SignInNeededError(401, 'invalid_token', endpoint, `${endpoint} answered 401: sign in again.`));
    expect(error?.code).toBe('sign_in_needed');
    expect(error?.message).not.toContain('/users/self');
    expect(error?.details).toContain(endpoint);
  });

  it('leaves a message that names no call as it is', () => {
    const error = toCompanionError(new PlatformError(0, 'unreachable', 'GET /x.<format>', 'Could not reach api.example (refused): check the network.'));
    expect(error?.message).toBe('Could not reach api.example (refused): check the network.');
    expect(error?.details).toBeUndefined();
  });
});
