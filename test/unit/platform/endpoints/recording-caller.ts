// A PlatformCaller that records each request and answers with canned replies: the one place a fake is
// right, since what these tests check is how the endpoint functions shape requests and read answers.
// Validation fails the way the real transport fails (a `malformed_response` PlatformError).
import type { z } from 'zod';
import { malformedResponse } from '../../../../main/platform/malformed-response.js';
import type { PlatformCaller, PlatformRequest, PlatformResponse } from '../../../../main/platform/platform-request.js';

export interface Reply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** The JSON body, already parsed; absent for an empty body. */
  readonly body?: unknown;
  /** The text of a non-JSON answer (callText). */
  readonly text?: string;
}

export class RecordingCaller implements PlatformCaller {
  readonly requests: PlatformRequest[] = [];
  readonly #replies: Reply[];

  /** One reply per call, in order; the last one repeats. */
  constructor(...replies: Reply[]) {
    this.#replies = replies.length > 0 ? replies : [{}];
  }

  async call<S extends z.ZodType>(request: PlatformRequest, schema: S): Promise<PlatformResponse<z.output<S>>> {
    const reply = this.#next(request);
    const parsed = schema.safeParse(reply.body);
    if (!parsed.success) throw malformedResponse(request.endpoint, reply.status ?? 200, 'an unexpected body');
    return { status: reply.status ?? 200, headers: new Headers(reply.headers), body: parsed.data };
  }

  async callText(request: PlatformRequest): Promise<PlatformResponse<string>> {
    const reply = this.#next(request);
    return { status: reply.status ?? 200, headers: new Headers(reply.headers), body: reply.text ?? '' };
  }

  #next(request: PlatformRequest): Reply {
    const reply = this.#replies[Math.min(this.requests.length, this.#replies.length - 1)]!;
    this.requests.push(request);
    return reply;
  }
}
