// The one-shot redirect server of `companion login`: a request whose Host is no host name is answered like
// any other (it used to throw outside any catch and end the command), and the real redirect still arrives.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loopbackSignIn } from '../../../main/cli/loopback-sign-in.js';

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(answer));
    setTimeout(() => socket.destroy(), 2000);
  });
}

describe('loopbackSignIn', () => {
  it('answers a request with a malformed Host header, then delivers the real redirect', async () => {
    const flow = await loopbackSignIn(() => undefined);
    try {
      const port = Number(new URL(flow.redirectUri()).port);
      const waiting = flow.authorize('http://auth.invalid/authorize');
      const odd = await rawRequest(port, 'GET /callback?code=planted HTTP/1.1\r\nHost: not a host name\r\nConnection: close\r\n\r\n');
      expect(odd).toMatch(/^HTTP\/1\.1 200 /);
      // That request was a callback too, so it was delivered; what matters is that the process lived to do it.
      const delivered = await waiting;
      expect(delivered).not.toBeNull();
      expect(new URL(delivered!).searchParams.get('code')).toBe('planted');
      expect(new URL(delivered!).origin).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await flow.close();
    }
  });
});
