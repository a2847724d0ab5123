// The PlatformError a promise rejects with; fails the test when it resolves or rejects with anything else.
import { PlatformError } from '../../main/platform/platform-error.js';

export async function rejection(promise: Promise<unknown>): Promise<PlatformError> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PlatformError)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}
