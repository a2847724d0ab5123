// A stand-in for fetch that records what the code under test sent and answers from a script: a Response,
// a network failure (an Error to reject with), or a function of the request.
export interface SentRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | null;
  readonly redirect: RequestInit['redirect'];
  readonly signal: AbortSignal | null;
}

export type ScriptedAnswer = Response | Error | ((request: SentRequest) => Response | Promise<Response>);

export interface FakeFetch {
  readonly fetch: typeof fetch;
  readonly sent: SentRequest[];
}

export function fakeFetch(...answers: ScriptedAnswer[]): FakeFetch {
  const sent: SentRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const body = init?.body;
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof body === 'string' ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : null,
      redirect: init?.redirect,
      signal: init?.signal ?? null,
    };
    sent.push(request);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`fakeFetch: no answer scripted for request ${sent.length} (${request.method} ${request.url})`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { fetch, sent };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** What undici rejects with when nothing listens on the port. */
export function connectionRefused(): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
}

/** Records the waits instead of waiting. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}
