// The single entry through which IPC and browser mode call the facade: it checks the method name
// against the contract, validates the arguments, and turns every outcome into an envelope.
import {
  CompanionError,
  isMethodName,
  type ContractShape,
  type Envelope,
  type Implementation,
  type MethodName,
} from '../preload/contract.js';

export type Dispatcher = (method: unknown, args: unknown) => Promise<Envelope>;

export interface DispatchOptions {
  /** Receives failures that are not the caller's fault, for the log. */
  readonly onInternalError?: (method: string, error: unknown) => void;
  /** Turns a capability module's own errors into contract errors; null for a real internal failure. */
  readonly translateError?: (error: unknown) => CompanionError | null;
}

export function createDispatcher<C extends ContractShape>(
  contract: C,
  implementation: Implementation<C>,
  options: DispatchOptions = {},
): Dispatcher {
  return async (method, args) => {
    if (!isMethodName(contract, method)) {
      return failure('unknown_method', `There is no method called ${JSON.stringify(method)}.`);
    }
    const parsed = contract.methods[method]!.args.safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (argument ${issue.path.join('.')})` : '';
      return failure('bad_request', `${method} was called with invalid arguments${where}: ${issue?.message ?? 'invalid'}.`);
    }
    try {
      const run = implementation[method as MethodName<C>] as (...a: unknown[]) => Promise<unknown>;
      const value = await run.apply(implementation, parsed.data as unknown[]);
      return { ok: true, value };
    } catch (error) {
      const known = error instanceof CompanionError ? error : (options.translateError?.(error) ?? null);
      if (known) return failure(known.code, known.message);
      options.onInternalError?.(method, error);
      return failure('internal', `${method} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

function failure(code: string, message: string): Envelope {
  return { ok: false, error: { code, message } };
}
