// Part A, "Authentication" item 3: MAC tokens are interchangeable with bearer tokens for resources.
// Requests are signed by Python's oauthlib (see mac-signer.ts), an implementation independent of the
// sandbox and the app, over GET and over form bodies (bodyhash); tampered signatures are refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { covers } from './coverage.js';
import { expectStatus, formBody, request, type MacToken } from './http-client.js';
import { macAuthorization } from './mac-signer.js';
import { macToken } from './oauth-client.js';
import { inSuiteFormat } from './suite-format.js';
import { channelId, unique, useSandbox } from './sandbox-fixture.js';
import { bodyOf, channelCreationShape, channelShape } from './spec-shapes.js';
import { z } from 'zod';

const GET = 'GET /channels/<channel_id>.<format>';
const CREATE = 'POST /users/self/channels.json';
const EDIT = 'PUT /channels/<channel_id>.<format>';

describe('MAC-signed API calls', () => {
  const handle = useSandbox();
  let token: MacToken;
  beforeAll(async () => {
    token = await macToken(handle.sandbox);
  });

  const channelUrl = (id: string) => handle.api(`/channels/${id}.json`);

  it('a signed GET with detail_level=owner (query in the signed URI) gets the owner data', async () => {
    covers(GET, 'success');
    const result = await request('GET', channelUrl(channelId(handle.sandbox, 'Demo Live')), { token, query: { detail_level: 'owner' } });
    expectStatus(result, 200);
    expect(bodyOf(result, z.object({ channel: channelShape })).channel.stream.dhls).toBeTypeOf('string');
  });

  it('a signed POST with a form body (bodyhash) creates a channel', async () => {
    covers(CREATE, 'success');
    const title = unique('MAC created');
    const result = await request('POST', handle.api('/users/self/channels.json'), { token, form: { title, description: 'signed with oauthlib' } });
    expectStatus(result, 201);
    expect(bodyOf(result, channelCreationShape).channel.title).toBe(title);
  });

  it('a signed PUT with a form body edits a channel', async () => {
    covers(EDIT, 'success');
    const id = channelId(handle.sandbox, 'Backstage');
    const title = unique('Backstage via MAC');
    expectStatus(await request('PUT', channelUrl(id), { token, form: { title, description: 'edited with a MAC token', tags: 'mac,signed' } }), 204);
    const read = await request('GET', channelUrl(id), { token });
    expect(bodyOf(read, z.object({ channel: channelShape })).channel).toMatchObject({ title, tags: ['mac', 'signed'] });
  });

  it('refuses a signature made with the wrong key (401)', async () => {
    const forged: MacToken = { ...token, macKey: '0'.repeat(40) };
    expectStatus(await request('GET', channelUrl(channelId(handle.sandbox, 'Demo Live')), { token: forged, query: { detail_level: 'owner' } }), 401);
  });

  it('refuses a body that differs from the signed one (bodyhash, 401)', async () => {
    const url = inSuiteFormat('PUT', channelUrl(channelId(handle.sandbox, 'Backstage')));
    const signed = formBody({ title: 'What was signed' });
    const sent = formBody({ title: 'What was sent' });
    const result = await request('PUT', url, {
      body: sent,
      headers: { authorization: macAuthorization(token, 'PUT', url, signed), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectStatus(result, 401);
  });

  it('refuses a signature for another path (401)', async () => {
    const url = inSuiteFormat('GET', channelUrl(channelId(handle.sandbox, 'Demo Live')));
    const other = inSuiteFormat('GET', channelUrl(channelId(handle.sandbox, 'Backstage')));
    const result = await request('GET', `${url}?detail_level=owner`, { headers: { authorization: macAuthorization(token, 'GET', `${other}?detail_level=owner`, null) } });
    expectStatus(result, 401);
  });

  it('refuses a nonce whose age does not fit the token\'s created_at (401)', async () => {
    const shifted: MacToken = { ...token, createdAt: token.createdAt - 86_400 * 30 };
    expectStatus(await request('GET', channelUrl(channelId(handle.sandbox, 'Demo Live')), { token: shifted, query: { detail_level: 'owner' } }), 401);
  });
});
