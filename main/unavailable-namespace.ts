// The stand-in for a service a shell does not run (a command builds no live ingest, no upload queue, ...):
// every method of its namespace answers `unavailable` with the one sentence that says where it runs.
import { CompanionError, type NamespaceImplementation, type NamespaceShape } from '../preload/contract.js';

export function unavailableNamespace<N extends NamespaceShape>(namespace: N, sentence: string): NamespaceImplementation<N> {
  const refuse = async (): Promise<never> => {
    throw new CompanionError('unavailable', sentence);
  };
  return Object.fromEntries(Object.keys(namespace).map((method) => [method, refuse])) as unknown as NamespaceImplementation<N>;
}
