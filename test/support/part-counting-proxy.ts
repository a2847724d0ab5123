// A reverse proxy on loopback in front of the sandbox's API that passes every request through unchanged
// (the Host header too, so MAC signatures still verify) and writes down each part of an upload in parts
// as it starts: the video id and the `partIndex` field, read from the start of the multipart body (the
// fields come before the file). Tests use it to count the parts a client sent more than once.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PartRequest {
  readonly videoId: string;
  readonly partIndex: number;
  /** The tag the test set when the part started (e.g. which run of the client sent it). */
  readonly tag: number;
}

export interface PartCountingProxy {
  readonly url: string;
  readonly parts: PartRequest[];
  /** Creations of an upload in parts (POST …/uploads.json) seen. */
  creates: number;
  /** Tags the parts that start from now on. */
  tag: number;
  close(): Promise<void>;
}

const PART_PATH = /^\/v2\/channels\/[^/]+\/uploads\/([^/]+)\/part\.json/;
const CREATE_PATH = /^\/v2\/channels\/[^/]+\/uploads\.json/;
/** The fields of a part fit well within this many bytes of the body. */
const PEEK_BYTES = 4096;

export async function startPartCountingProxy(target: string): Promise<PartCountingProxy> {
  const upstream = new URL(target);
  const proxy: PartCountingProxy = { url: '', parts: [], creates: 0, tag: 0, close: async () => undefined };
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    if (incoming.method === 'POST' && CREATE_PATH.test(path)) proxy.creates += 1;
    const part = incoming.method === 'POST' ? PART_PATH.exec(path) : null;
    if (part) notePart(incoming, part[1]!, proxy);
    const forwarded = request({ host: upstream.hostname, port: upstream.port, method: incoming.method, path, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.on('error', () => forwarded.destroy());
    // A client killed mid-part: the sandbox sees its request cut too.
    incoming.on('aborted', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Reads `partIndex` from the first bytes of the body as they pass by (the body itself is piped on untouched). */
function notePart(incoming: IncomingMessage, videoId: string, proxy: PartCountingProxy): void {
  const tag = proxy.tag;
  let head = '';
  let noted = false;
  const look = (chunk: Buffer): void => {
    if (noted) return;
    head += chunk.subarray(0, PEEK_BYTES - head.length).toString('latin1');
    const found = /name="partIndex"\r\n\r\n(\d+)\r\n/.exec(head);
    if (found || head.length >= PEEK_BYTES) {
      noted = true;
      incoming.off('data', look);
      if (found) proxy.parts.push({ videoId, partIndex: Number(found[1]), tag });
    }
  };
  incoming.on('data', look);
}
