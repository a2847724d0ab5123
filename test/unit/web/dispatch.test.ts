import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../../main/dispatch.js';
import { createTestImplementation, testContract } from '../../support/test-contract.js';

describe('createDispatcher', () => {
  it('calls the implementation with validated arguments and wraps the result', async () => {
    const { implementation, calls } = createTestImplementation();
    const dispatch = createDispatcher(testContract, implementation);
    expect(await dispatch('math.double', [21])).toEqual({ ok: true, value: 42 });
    expect(await dispatch('math.greet', [{ name: 'Ada' }])).toEqual({ ok: true, value: 'Hello, Ada' });
    expect(calls).toEqual(['double', 'greet']);
  });

  it('refuses names outside the contract, including inherited properties', async () => {
    const { implementation, calls } = createTestImplementation();
    const dispatch = createDispatcher(testContract, implementation);
    for (const name of ['nope', 'double', 'math', 'math.nope', 'math.constructor', 'math.toString', 'math.__proto__', 'constructor.name', '__proto__.x', 'toString', 42, null]) {
      const envelope = await dispatch(name, []);
      expect(envelope.ok).toBe(false);
      expect(!envelope.ok && envelope.error.code).toBe('unknown_method');
    }
    expect(calls).toEqual([]);
  });

  it('refuses invalid arguments before the implementation runs, saying which one', async () => {
    const { implementation, calls } = createTestImplementation();
    const dispatch = createDispatcher(testContract, implementation);
    for (const args of [['21'], [], [1, 2], 'not an array', [{ name: '' }]]) {
      const method = Array.isArray(args) && typeof args[0] === 'object' ? 'math.greet' : 'math.double';
      const envelope = await dispatch(method, args);
      expect(!envelope.ok && envelope.error.code, JSON.stringify(args)).toBe('bad_request');
    }
    const greet = await dispatch('math.greet', [{ name: '' }]);
    // Words for the person; the call and the argument's path only in the details.
    expect(!greet.ok && greet.error.message).not.toContain('0.name');
    expect(!greet.ok && greet.error.details).toContain('argument 0.name');
    expect(calls).toEqual([]);
  });

  it('passes a CompanionError through with its code, and reports anything else as internal', async () => {
    const { implementation } = createTestImplementation();
    const onInternalError = vi.fn();
    const dispatch = createDispatcher(testContract, implementation, { onInternalError });
    expect(await dispatch('trouble.refuse', [])).toEqual({ ok: false, error: { code: 'sign_in_needed', message: 'Sign in to continue.' } });
    expect(onInternalError).not.toHaveBeenCalled();
    const exploded = await dispatch('trouble.explode', []);
    expect(!exploded.ok && exploded.error).toMatchObject({ code: 'internal', message: expect.stringMatching(/^Something went wrong in the app/), details: 'trouble.explode failed unexpectedly: boom' });
    expect(onInternalError).toHaveBeenCalledWith('trouble.explode', expect.any(Error));
  });
});
