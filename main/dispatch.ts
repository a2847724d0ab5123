// The single entry through which IPC and browser mode call the services: it resolves "<namespace>.<method>"
// against the contract, validates the arguments, calls that namespace's service, and turns every outcome
// into an envelope.
import {
  asSentence,
  CompanionError,
  resolveMethod,
  type ContractShape,
  type Envelope,
  type Implementation,
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
    const resolved = resolveMethod(contract, method);
    if (!resolved) {
      return failure('unknown_method', `There is no method called ${JSON.stringify(method)}.`);
    }
    const path = `${resolved.namespace}.${resolved.method}`;
    const parsed = resolved.spec.args.safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (argument ${issue.path.join('.')})` : '';
      // The person reads the rule's own words ("the title is required"); the call and the argument's path are details.
      return failure('bad_request', asSentence(issue?.message ?? 'a value was not accepted'), `${path} was called with invalid arguments${where}: ${issue?.message ?? 'invalid'}.`);
    }
    try {
      const service = implementation[resolved.namespace] as unknown as Record<string, (...a: unknown[]) => unknown>;
      const value = await service[resolved.method]!.apply(service, parsed.data as unknown[]);
      return { ok: true, value };
    } catch (error) {
      const known = error instanceof CompanionError ? error : (options.translateError?.(error) ?? null);
      if (known) return failure(known.code, known.message, known.details);
      options.onInternalError?.(path, error);
      // Node's words (`ENOENT: no such file or directory, open '…'`) are for the log and the Details disclosure.
      return failure('internal', 'Something went wrong in the app, so this was not done. Try again; if it keeps happening, copy the diagnostics (Settings) into a report.', `${path} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

function failure(code: string, message: string, details?: string): Envelope {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}
