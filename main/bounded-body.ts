// Reads an HTTP request body for the app's loopback listeners with a size cap and a time limit, and never
// rejects: a sender that aborts, trickles or floods must cost one answer (or one dropped connection),
// never an unhandled rejection that ends the app mid-broadcast.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyRead =
  | { readonly kind: 'ok'; readonly body: Buffer }
  /** Larger than the cap: answer 413. */
  | { readonly kind: 'too-large' }
  /** Not all there within the time limit: answer 408. */
  | { readonly kind: 'too-slow' }
  /** The sender went away (aborted, reset, malformed chunked encoding): nobody to answer. */
  | { readonly kind: 'aborted' };

export interface BodyLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

export function readBoundedBody(request: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  // Refused before a byte is buffered when the sender announces it.
  if (Number.isFinite(declared) && declared > limits.maxBytes) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyRead): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.off('data', onData);
      // Whatever else arrives is discarded, not buffered.
      if (outcome.kind !== 'ok') request.resume();
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limits.maxBytes) return settle({ kind: 'too-large' });
      chunks.push(chunk);
    };
    const timer = setTimeout(() => settle({ kind: 'too-slow' }), limits.timeoutMs);
    request.on('data', onData);
    request.once('end', () => settle({ kind: 'ok', body: Buffer.concat(chunks) }));
    // Without an 'error' listener an aborted body would be thrown; with one it is only an outcome.
    request.on('error', () => settle({ kind: 'aborted' }));
    request.once('close', () => settle({ kind: 'aborted' }));
  });
}

/**
 * Answers a body that could not be read: 413 or 408 with a sentence, and the connection closed so the
 * rest of an oversized or trickling body is not waited for; an aborted one has nobody to answer.
 */
export function refuseBody(response: ServerResponse, outcome: Exclude<BodyRead, { kind: 'ok' }>, maxBytes: number): void {
  if (outcome.kind === 'aborted' || response.headersSent || response.destroyed) {
    response.destroy();
    return;
  }
  const [status, sentence] =
    outcome.kind === 'too-large'
      ? [413, `The request body is larger than ${maxBytes} bytes, the most this address accepts. Send a smaller body.`]
      : [408, 'The request body did not arrive in time. Send it again in one go.'];
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(sentence);
}

/**
 * The last word on a request whose handler failed: logged by the caller, answered 500 if nothing was
 * sent yet, else the connection is dropped. Never throws, so a listener's callback cannot fail twice.
 */
export function answerHandlerFailure(response: ServerResponse): void {
  try {
    if (!response.headersSent && !response.destroyed) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('The app failed to handle this request; the log says why.');
    else response.destroy();
  } catch {
    response.destroy();
  }
}
