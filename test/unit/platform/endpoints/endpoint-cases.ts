// Table-driven tests of the endpoint functions: each case calls one function against a RecordingCaller
// and states the request it must send, the answer it gets and what it must make of it.
import { expect, it } from 'vitest';
import { createPlatformApi, type PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';
import type { FormValue, PlatformRequest } from '../../../../main/platform/platform-request.js';
import { RecordingCaller, type Reply } from './recording-caller.js';

export interface ExpectedRequest {
  readonly method: PlatformRequest['method'];
  readonly path: string;
  /** Exactly as the spec writes the row. */
  readonly endpoint: string;
  readonly query?: Readonly<Record<string, FormValue>>;
  readonly form?: Readonly<Record<string, FormValue>>;
  readonly body?: PlatformRequest['body'];
  readonly auth: 'user' | 'client' | 'none';
  readonly idempotent?: boolean;
}

export interface EndpointCase {
  /** `area.function`, as on the object createPlatformApi returns. */
  readonly fn: string;
  /** What this case varies, when a function has several. */
  readonly variant?: string;
  readonly call: (api: PlatformApi) => Promise<unknown> | AsyncIterable<unknown>;
  readonly request: ExpectedRequest;
  /** The platform's answer; an empty 200 when absent. */
  readonly reply?: Reply;
  /** What the function returns (a list's items, collected); undefined for a function that returns nothing. */
  readonly result?: unknown;
  /** An answer the function must refuse as malformed. Required when `reply` has a JSON body. */
  readonly malformed?: Reply;
}

export function caseName(entry: EndpointCase): string {
  return entry.variant === undefined ? entry.fn : `${entry.fn} (${entry.variant})`;
}

/** Runs a call, collecting a list's items. */
export async function settle(outcome: Promise<unknown> | AsyncIterable<unknown>): Promise<unknown> {
  if (!(Symbol.asyncIterator in outcome)) return outcome;
  const items: unknown[] = [];
  for await (const item of outcome) items.push(item);
  return items;
}

/** The request as a test states it: unset parameters dropped, the transport's default token kind filled in. */
export function normalized(request: PlatformRequest): ExpectedRequest {
  const defined = (parameters: Readonly<Record<string, FormValue>> | undefined) => {
    const entries = Object.entries(parameters ?? {}).filter(([, value]) => value !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  };
  return {
    method: request.method,
    path: request.path,
    endpoint: request.endpoint,
    query: defined(request.query),
    form: defined(request.form),
    body: request.body,
    auth: request.auth ?? 'user',
    idempotent: request.idempotent,
  };
}

export function runEndpointCases(cases: readonly EndpointCase[]): void {
  for (const entry of cases) {
    it(`${caseName(entry)}: ${entry.request.endpoint}`, async () => {
      const caller = new RecordingCaller(entry.reply ?? {});
      const result = await settle(entry.call(createPlatformApi(caller)));
      expect(caller.requests.map(normalized)).toEqual([entry.request]);
      expect(result).toEqual(entry.result);
    });

    if (entry.malformed !== undefined) {
      it(`${caseName(entry)}: refuses a malformed answer`, async () => {
        const outcome = settle(entry.call(createPlatformApi(new RecordingCaller(entry.malformed!))));
        await expect(outcome).rejects.toBeInstanceOf(PlatformError);
        await expect(outcome).rejects.toMatchObject({ error: 'malformed_response', endpoint: entry.request.endpoint });
      });
    } else if (entry.result === undefined) {
      // The spec defines no success body here: whatever comes back is not the app's concern.
      it(`${caseName(entry)}: accepts whatever body comes back`, async () => {
        const caller = new RecordingCaller({ status: 200, body: { something: ['the spec', 'does not define'] } });
        await expect(settle(entry.call(createPlatformApi(caller)))).resolves.toBeUndefined();
      });
    }
  }
}
