// The machinery behind the contract: how a contract is declared (namespaces of methods, plus events), the
// types every side derives from it, and the envelope that carries results and errors across IPC and
// WebSocket alike. A call travels as "<namespace>.<method>".
import type { z } from 'zod';

export interface MethodSpec {
  /** A tuple schema: the arguments, validated by main before the implementation sees them. */
  readonly args: z.ZodTuple;
  readonly result: z.ZodType;
}

/** One capability's methods: what one service serves. */
export type NamespaceShape = Readonly<Record<string, MethodSpec>>;

export interface ContractShape {
  readonly namespaces: Readonly<Record<string, NamespaceShape>>;
  readonly events: Readonly<Record<string, z.ZodType>>;
}

export function defineNamespace<const N extends NamespaceShape>(methods: N): N {
  return methods;
}

export function defineContract<const C extends ContractShape>(contract: C): C {
  return contract;
}

export type NamespaceName<C extends ContractShape> = Extract<keyof C['namespaces'], string>;
export type NamespaceMethodName<N extends NamespaceShape> = Extract<keyof N, string>;
export type EventName<C extends ContractShape> = Extract<keyof C['events'], string>;
export type NamespaceArgs<N extends NamespaceShape, M extends NamespaceMethodName<N>> = z.input<N[M]['args']>;
export type NamespaceResult<N extends NamespaceShape, M extends NamespaceMethodName<N>> = z.output<N[M]['result']>;
export type EventPayload<C extends ContractShape, E extends EventName<C>> = z.output<C['events'][E]>;

/**
 * What a service implements for its namespace: one function per method. A method may answer at once or
 * with a promise; every transport awaits it.
 */
export type NamespaceImplementation<N extends NamespaceShape> = {
  [M in NamespaceMethodName<N>]: (...args: NamespaceArgs<N, M> & unknown[]) => NamespaceResult<N, M> | Promise<NamespaceResult<N, M>>;
};

/** What main serves: each namespace's service. */
export type Implementation<C extends ContractShape> = {
  [K in NamespaceName<C>]: NamespaceImplementation<C['namespaces'][K]>;
};

/** A namespace as a caller holds it: every method answers with a promise. */
export type NamespaceCalls<N extends NamespaceShape> = {
  [M in NamespaceMethodName<N>]: (...args: NamespaceArgs<N, M> & unknown[]) => Promise<NamespaceResult<N, M>>;
};

export type Unsubscribe = () => void;
export type EventListener<C extends ContractShape, E extends EventName<C>> = (payload: EventPayload<C, E>) => void;

export interface EventSubscription<C extends ContractShape> {
  on<E extends EventName<C>>(event: E, listener: EventListener<C, E>): Unsubscribe;
}

/** What the renderer holds: the namespaces' methods plus a typed event subscription. */
export type Bridge<C extends ContractShape> = { [K in NamespaceName<C>]: NamespaceCalls<C['namespaces'][K]> } & EventSubscription<C>;

/**
 * What a transport hands the renderer (the preload's window.companion, browser mode's socket): each method
 * resolves to an envelope and never rejects, because Electron's contextBridge drops an error's `code`.
 */
export type EnvelopeBridge<C extends ContractShape> = {
  [K in NamespaceName<C>]: {
    [M in NamespaceMethodName<C['namespaces'][K]>]: (
      ...args: NamespaceArgs<C['namespaces'][K], M> & unknown[]
    ) => Promise<Envelope<NamespaceResult<C['namespaces'][K], M>>>;
  };
} & EventSubscription<C>;

/** The namespace and method a wire name names, or null when the contract has no such method. */
export function resolveMethod<C extends ContractShape>(contract: C, path: unknown): { readonly namespace: NamespaceName<C>; readonly method: string; readonly spec: MethodSpec } | null {
  if (typeof path !== 'string') return null;
  const dot = path.indexOf('.');
  if (dot < 0) return null;
  const namespace = path.slice(0, dot);
  const method = path.slice(dot + 1);
  if (!Object.hasOwn(contract.namespaces, namespace)) return null;
  const methods = contract.namespaces[namespace]!;
  if (!Object.hasOwn(methods, method)) return null;
  return { namespace: namespace as NamespaceName<C>, method, spec: methods[method]! };
}

/**
 * The contract's namespaces as nested objects of functions, each made by `make` from its wire name
 * ("<namespace>.<method>"): how every transport builds its side with no hand-kept list of methods.
 */
export function buildNamespaces<F>(contract: ContractShape, make: (path: string, namespace: string, method: string) => F): Record<string, Record<string, F>> {
  return Object.fromEntries(
    Object.entries(contract.namespaces).map(([namespace, methods]) => [
      namespace,
      Object.fromEntries(Object.keys(methods).map((method) => [method, make(`${namespace}.${method}`, namespace, method)])),
    ]),
  );
}

export function eventNames<C extends ContractShape>(contract: C): EventName<C>[] {
  return Object.keys(contract.events) as EventName<C>[];
}

export function isEventName<C extends ContractShape>(contract: C, name: unknown): name is EventName<C> {
  return typeof name === 'string' && Object.hasOwn(contract.events, name);
}

/**
 * Error codes that cross the boundary. A code tells the UI what to do; the message says it to a person.
 * Later capabilities add their own codes (sign-in needed, plan lacks a feature, ...).
 */
export type ErrorCode = 'bad_request' | 'unknown_method' | 'disconnected' | 'internal' | (string & {});

export interface ErrorPayload {
  readonly code: ErrorCode;
  /** Words for the person: what happened and what to do. */
  readonly message: string;
  /** The technical detail (the call, the system's error code), shown behind a "Details" disclosure. */
  readonly details?: string;
}

export type Envelope<T = unknown> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorPayload };

/** A rule's lower-case words as a sentence for a person: "the title is required" → "The title is required." */
export function asSentence(words: string): string {
  const trimmed = words.trim();
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
}

export class CompanionError extends Error {
  override readonly name = 'CompanionError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The technical detail behind the words, for a "Details" disclosure and the log. */
    readonly details?: string,
  ) {
    super(message);
  }
}

export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new CompanionError(envelope.error.code, envelope.error.message, envelope.error.details);
}

/** The renderer's side of any transport: envelopes become results or thrown CompanionErrors. */
export function bridgeFromEnvelopes<C extends ContractShape>(contract: C, transport: EnvelopeBridge<C>): Bridge<C> {
  const calls = transport as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<Envelope>>>;
  const namespaces = buildNamespaces(contract, (_path, namespace, method) => async (...args: unknown[]) => unwrap(await calls[namespace]![method]!(...args)));
  return { ...namespaces, on: transport.on } as unknown as Bridge<C>;
}

/** Browser mode's WebSocket messages, both directions. */
export type ClientMessage = { readonly type: 'call'; readonly id: number; readonly method: string; readonly args: readonly unknown[] };
export type ServerMessage =
  | { readonly type: 'result'; readonly id: number; readonly envelope: Envelope }
  | { readonly type: 'event'; readonly event: string; readonly payload: unknown };
