// Waiting for something the waiter cannot stop (a login or a `begin` started for another file's sake)
// without being held by it: the wait ends at the abort, the thing goes on by itself.

/** Settles as `promise` does, or rejects with the signal's reason once it is aborted, whichever comes first. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error as Error);
      },
    );
  });
}
