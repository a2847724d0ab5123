import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/dispatch.js';
import { unavailableNamespace } from '../../../main/unavailable-namespace.js';
import { CompanionError } from '../../../preload/contract.js';
import { createTestImplementation, testContract } from '../../support/test-contract.js';

describe('unavailableNamespace', () => {
  it('answers every method of the namespace with `unavailable` and the one sentence, as a rejected promise', async () => {
    const standIn = unavailableNamespace(testContract.namespaces.math, 'Math needs the app.');
    expect(Object.keys(standIn).sort()).toEqual(['double', 'greet']);
    await expect(standIn.double(2)).rejects.toEqual(new CompanionError('unavailable', 'Math needs the app.'));
    await expect(standIn.greet({ name: 'Ada' })).rejects.toEqual(new CompanionError('unavailable', 'Math needs the app.'));
  });

  it('stands in for a service in the composition: its calls are still validated first, then refused', async () => {
    const { implementation } = createTestImplementation();
    const dispatch = createDispatcher(testContract, { ...implementation, math: unavailableNamespace(testContract.namespaces.math, 'Math needs the app.') });
    expect(await dispatch('math.double', [21])).toEqual({ ok: false, error: { code: 'unavailable', message: 'Math needs the app.' } });
    expect(await dispatch('math.double', ['21'])).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await dispatch('trouble.refuse', [])).toMatchObject({ ok: false, error: { code: 'sign_in_needed' } });
  });
});
