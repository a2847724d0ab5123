import { describe, expect, it } from 'vitest';
import { CompanionError } from '../../../preload/contract.js';
import { explainPlatformError, explainRefusal } from '../../../main/explain-platform-error.js';
import { CollectionFullError, PlatformError, SignInNeededError } from '../../../main/platform/platform-error.js';

const refusal = (status: number, error: string | null, description: string | null = null) =>
  new PlatformError(status, error, 'PUT /videos/<video_id>.<format>', `${status} ${error ?? ''}`, { description });

describe('explainPlatformError', () => {
  it('names a refusal by `<status> <error>` first, then by its status', () => {
    const explanations = { sentences: { '400 invalid_value': 'Pick a listed value.', 400: 'Check the form.' } };
    // The sentence for the person; the platform's own message is the detail behind it.
    expect(explainRefusal(refusal(400, 'invalid_value'), explanations)).toEqual(new CompanionError('invalid_value', 'Pick a listed value.', '400 invalid_value'));
    expect(explainRefusal(refusal(400, 'bad_request'), explanations)).toEqual(new CompanionError('bad_request', 'Check the form.', '400 bad_request'));
    expect(explainRefusal(refusal(400, null), explanations)).toEqual(new CompanionError('http_400', 'Check the form.', '400 '));
  });

  it("words 403 and 404 as whose and gone when no sentence names them; a sentence may quote the platform's description", () => {
    const explanations = { notYours: 'Not yours.', gone: 'Gone.', sentences: { 409: (description: string | null) => `Taken: ${description ?? '?'}` } };
    expect(explainRefusal(refusal(403, 'lack_of_ownership'), explanations)?.message).toBe('Not yours.');
    expect(explainRefusal(refusal(404, 'not_found'), explanations)?.message).toBe('Gone.');
    expect(explainRefusal(refusal(409, 'conflict', 'the name is used'), explanations)?.message).toBe('Taken: the name is used');
  });

  it("gives a 402 the plan's note only when one is given, and a full collection its sentence", () => {
    expect(explainRefusal(refusal(402, 'payment_required'), { planNote: 'Upgrade.' })).toEqual(new CompanionError('plan_lacks_feature', 'Upgrade.', '402 payment_required'));
    expect(explainRefusal(refusal(402, 'payment_required'), {})).toBeNull();
    const full = new CollectionFullError(413, 'limit_reached', 'POST /playlists/<playlist_id>/videos.<format>', 'full', { limit: 10, remaining: 0 });
    expect(explainRefusal(full, { full: (capacity) => `Full: ${capacity.limit}` })).toEqual(new CompanionError('limit_reached', 'Full: 10', 'full'));
  });

  it('lets sign-in prompts, unnamed refusals and other errors pass on as they are', async () => {
    const signIn = new SignInNeededError(401, 'invalid_token', 'GET /users/self/channels.<format>', 'sign in');
    await expect(explainPlatformError(() => Promise.reject(signIn), { sentences: { 401: 'no' } })).rejects.toBe(signIn);
    const unnamed = refusal(500, 'server_error');
    await expect(explainPlatformError(() => Promise.reject(unnamed), { notYours: 'x' })).rejects.toBe(unnamed);
    const network = new Error('socket hang up');
    await expect(explainPlatformError(() => Promise.reject(network), { notYours: 'x' })).rejects.toBe(network);
    await expect(explainPlatformError(async () => 7, {})).resolves.toBe(7);
  });

  it('chooses explanations by the refusal (its endpoint) and takes a code of its own', async () => {
    const forbidden = new PlatformError(403, 'forbidden', 'GET /videos/<video_id>/expiration.<format>', '403 forbidden');
    const thrown = await explainPlatformError(
      () => Promise.reject(forbidden),
      (error) => ({ sentences: error.endpoint.includes('/expiration.') ? { '403 forbidden': 'Expiration is off.' } : {}, code: () => 'expiration_forbidden' }),
    ).catch((error: unknown) => error);
    expect(thrown).toEqual(new CompanionError('expiration_forbidden', 'Expiration is off.', '403 forbidden'));
  });
});
