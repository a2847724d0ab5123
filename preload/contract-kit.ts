// The machinery behind the contract: how a contract is declared, the types every side derives from
// it, and the envelope that carries results and errors across IPC and WebSocket alike.
import type { z } from 'zod';

export interface MethodSpec {
  /** A tuple schema: the arguments, validated by main before the implementation sees them. */
  readonly args: z.ZodTuple;
  readonly result: z.ZodType;
}

export interface ContractShape {
  readonly methods: Readonly<Record<string, MethodSpec>>;
  readonly events: Readonly<Record<string, z.ZodType>>;
}

export function defineContract<const C extends ContractShape>(contract: C): C {
  return contract;
}

export type MethodName<C extends ContractShape> = Extract<keyof C['methods'], string>;
export type EventName<C extends ContractShape> = Extract<keyof C['events'], string>;
export type MethodArgs<C extends ContractShape, M extends MethodName<C>> = z.input<C['methods'][M]['args']>;
export type MethodResult<C extends ContractShape, M extends MethodName<C>> = z.output<C['methods'][M]['result']>;
export type EventPayload<C extends ContractShape, E extends EventName<C>> = z.output<C['events'][E]>;

/** What main implements: one async function per contract method. */
export type Implementation<C extends ContractShape> = {
  [M in MethodName<C>]: (...args: MethodArgs<C, M> & unknown[]) => Promise<MethodResult<C, M>>;
};

export type Unsubscribe = () => void;
export type EventListener<C extends ContractShape, E extends EventName<C>> = (payload: EventPayload<C, E>) => void;

export interface EventSubscription<C extends ContractShape> {
  on<E extends EventName<C>>(event: E, listener: EventListener<C, E>): Unsubscribe;
}

/** What the renderer holds: the methods plus a typed event subscription. */
export type Bridge<C extends ContractShape> = Implementation<C> & EventSubscription<C>;

/**
 * What a transport hands the renderer (the preload's window.companion, browser mode's socket): each method
 * resolves to an envelope and never rejects, because Electron's contextBridge drops an error's `code`.
 */
export type EnvelopeBridge<C extends ContractShape> = {
  [M in MethodName<C>]: (...args: MethodArgs<C, M> & unknown[]) => Promise<Envelope<MethodResult<C, M>>>;
} & EventSubscription<C>;

export function methodNames<C extends ContractShape>(contract: C): MethodName<C>[] {
  return Object.keys(contract.methods) as MethodName<C>[];
}

export function eventNames<C extends ContractShape>(contract: C): EventName<C>[] {
  return Object.keys(contract.events) as EventName<C>[];
}

export function isMethodName<C extends ContractShape>(contract: C, name: unknown): name is MethodName<C> {
  return typeof name === 'string' && Object.hasOwn(contract.methods, name);
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
  readonly message: string;
}

export type Envelope<T = unknown> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorPayload };

export class CompanionError extends Error {
  override readonly name = 'CompanionError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new CompanionError(envelope.error.code, envelope.error.message);
}

/** The renderer's side of any transport: envelopes become results or thrown CompanionErrors. */
export function bridgeFromEnvelopes<C extends ContractShape>(contract: C, transport: EnvelopeBridge<C>): Bridge<C> {
  const call = transport as unknown as Record<string, (...args: unknown[]) => Promise<Envelope>>;
  const methods = Object.fromEntries(methodNames(contract).map((name) => [name, async (...args: unknown[]) => unwrap(await call[name]!(...args))]));
  return { ...methods, on: transport.on } as Bridge<C>;
}

/** Browser mode's WebSocket messages, both directions. */
export type ClientMessage = { readonly type: 'call'; readonly id: number; readonly method: string; readonly args: readonly unknown[] };
export type ServerMessage =
  | { readonly type: 'result'; readonly id: number; readonly envelope: Envelope }
  | { readonly type: 'event'; readonly event: string; readonly payload: unknown };
