// A contract that exists only in tests: proves the transports carry any contract, not a hand-kept list.
import { z } from 'zod';
import { CompanionError, defineContract, defineNamespace, type Implementation } from '../../preload/contract.js';
import { ContractEvents } from '../../main/typed-emitter.js';

export const testContract = defineContract({
  namespaces: {
    math: defineNamespace({
      double: { args: z.tuple([z.number()]), result: z.number() },
      greet: { args: z.tuple([z.object({ name: z.string().min(1) })]), result: z.string() },
    }),
    trouble: defineNamespace({
      refuse: { args: z.tuple([]), result: z.null() },
      explode: { args: z.tuple([]), result: z.null() },
    }),
  },
  events: {
    tick: z.object({ count: z.number() }),
  },
});

export type TestContract = typeof testContract;

export function createTestImplementation() {
  const calls: string[] = [];
  const events = new ContractEvents<TestContract>();
  const implementation: Implementation<TestContract> = {
    math: {
      async double(value) {
        calls.push('double');
        return value * 2;
      },
      async greet({ name }) {
        calls.push('greet');
        return `Hello, ${name}`;
      },
    },
    trouble: {
      async refuse() {
        calls.push('refuse');
        throw new CompanionError('sign_in_needed', 'Sign in to continue.');
      },
      async explode() {
        calls.push('explode');
        throw new Error('boom');
      },
    },
  };
  return { implementation, events, calls };
}
