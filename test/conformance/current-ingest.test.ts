// Part C, "Ingest settings": today's platform answers `{ingest: {rtmp_url, rtmps_url, channel_key,
// streaming_key}}` (Cache-Control: no-store), its refusals 401 invalid_token, 403 lack_of_ownership and 503.
// A call's dialect is its client's: the tokens here are the native client's, issued straight through the
// sandbox's store (the sign-in flow of today's platform is tested with the token endpoint's rows). The TLS
// ingest it names is trusted with the sandbox's own authority, and carries RTMP.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:tls';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueToken } from '../../sandbox/auth/token-issuer.js';
import { covers } from './coverage.js';
import { expectError, expectNoStore, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, useSandbox } from './sandbox-fixture.js';
import { bodyOf, ingestShape } from './spec-shapes.js';

const INGEST = 'GET /channels/{channel_id}/ingest.json';

const currentIngestShape = z.strictObject({
  ingest: z.strictObject({ rtmp_url: z.string().regex(/^rtmp:\/\//), rtmps_url: z.string().regex(/^rtmps:\/\//), channel_key: z.string().min(1), streaming_key: z.string().min(1) }),
});

/** The first byte the server answers to an RTMP handshake (C0 + C1) sent over TLS trusting `ca`; or the TLS error code. */
function rtmpOverTls(url: string, ca: string[] | null): Promise<number | string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), ...(ca ? { ca } : {}) });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer within 5 s');
    }, 5000);
    const settle = (value: number | string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    socket.once('secureConnect', () => socket.write(Buffer.concat([Buffer.from([3]), randomBytes(1536)])));
    socket.once('data', (data: Buffer) => settle(data[0]!));
    socket.once('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
  });
}

describe(INGEST, () => {
  const handle = useSandbox();
  /** A user token of the native client (today's platform). */
  const nativeToken = (): AccessToken => {
    const { store } = handle.sandbox.admin;
    const demo = store.accountByUsername(handle.sandbox.demo.username)!;
    return { kind: 'bearer', accessToken: issueToken(store, { clientId: handle.sandbox.nativeClient.id, userId: demo.id, type: 'bearer', scopes: [], deviceName: null }).accessToken };
  };
  let current: AccessToken;
  beforeAll(() => {
    current = nativeToken();
  });
  const ingestOf = (title: 'Demo Live' | 'Rival Channel') => handle.api(`/channels/${channelId(handle.sandbox, title)}/ingest.json`);

  it("200 {ingest: {rtmp_url, rtmps_url, channel_key, streaming_key}}, no-store; the spec's clients keep their shape", async () => {
    covers(INGEST, 'success');
    const result = await request('GET', ingestOf('Demo Live'), { token: current });
    expectStatus(result, 200);
    expectNoStore(result);
    const { ingest } = bodyOf(result, currentIngestShape);
    expect(ingest.rtmp_url).toBe(handle.sandbox.rtmpUrl);
    expect(ingest.rtmps_url).toBe(handle.sandbox.rtmpsUrl);
    // The same 10-minute key as a second request gives (asking again extends it).
    const again = bodyOf(await request('GET', ingestOf('Demo Live'), { token: current }), currentIngestShape);
    expect(again.ingest.streaming_key).toBe(ingest.streaming_key);

    const spec = await request('GET', ingestOf('Demo Live'), { token: await bearerToken(handle.sandbox) });
    expectStatus(spec, 200);
    expect(bodyOf(spec, ingestShape)).not.toHaveProperty('ingest');
  });

  it('rtmps_url is a TLS ingest trusted with the sandbox authority (and no other), carrying RTMP', async () => {
    covers(INGEST, 'success');
    const { ingest } = bodyOf(await request('GET', ingestOf('Demo Live'), { token: current }), currentIngestShape);
    // S0: the RTMP version, from the RTMP ingest behind the TLS front.
    expect(await rtmpOverTls(ingest.rtmps_url, [handle.sandbox.rtmpsCaCertificate])).toBe(3);
    expect(await rtmpOverTls(ingest.rtmps_url, null)).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
  });

  it('401 invalid_token for an expired or revoked token of a client of today', async () => {
    covers(INGEST, '401 invalid_token');
    const expired = nativeToken();
    handle.sandbox.admin.expireToken(expired.accessToken);
    expectError(await request('GET', ingestOf('Demo Live'), { token: expired }), 401, 'invalid_token');
    const revoked = nativeToken();
    handle.sandbox.admin.revokeToken(revoked.accessToken);
    expectError(await request('GET', ingestOf('Demo Live'), { token: revoked }), 401, 'invalid_token');
  });

  it('403 lack_of_ownership for a channel of another user', async () => {
    covers(INGEST, '403 lack_of_ownership');
    expectError(await request('GET', ingestOf('Rival Channel'), { token: current }), 403, 'lack_of_ownership');
  });

  it('503 while the ingest service is down (an operator switch), then 200 again', async () => {
    covers(INGEST, '503');
    handle.sandbox.admin.forceIngestUnavailable(true);
    try {
      const result = await request('GET', ingestOf('Demo Live'), { token: current });
      expectStatus(result, 503);
      expectNoStore(result);
    } finally {
      handle.sandbox.admin.forceIngestUnavailable(false);
    }
    expectStatus(await request('GET', ingestOf('Demo Live'), { token: current }), 200);
  });
});
