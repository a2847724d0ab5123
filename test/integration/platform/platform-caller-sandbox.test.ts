// The platform client over real HTTP against the sandbox: tokens from the token endpoint, then calls
// signed with bearer and MAC that the sandbox must accept, and the failures a streamer will meet
// (a revoked or expired token, a missing item, a platform answering garbage, a platform not there).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AccessToken } from '../../../main/platform/access-token.js';
import { passwordGrant } from '../../../main/platform/oauth/token-grants.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { SignInNeededError } from '../../../main/platform/platform-error.js';
import type { PlatformCaller } from '../../../main/platform/platform-request.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { rejection } from '../../support/platform-rejection.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

const FAST_RETRY = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

function grant(tokenType: 'mac' | 'bearer', scopes: ('broadcaster' | 'offline')[] = []): Promise<AccessToken> {
  return passwordGrant({
    tokenUrl: sandbox.authUrl,
    clientId: sandbox.client.id,
    clientSecret: sandbox.client.secret,
    username: sandbox.demo.username,
    password: sandbox.demo.password,
    tokenType,
    scopes,
    deviceName: 'platform caller integration test',
  });
}

function callerWith(token: AccessToken | null, apiUrl = sandbox.apiUrl, lines: string[] = []): PlatformCaller {
  return createPlatformCaller({ apiUrl, tokens: { token: async (kind) => (kind === 'user' ? token : null) }, retry: FAST_RETRY, onRequest: (line) => lines.push(line) });
}

const channelList = z.object({
  channels: z.array(z.object({ id: z.string(), title: z.string(), broadcast_urls: z.array(z.string()).optional() })),
  paging: z.object({ actual: z.object({ href: z.string() }) }),
});
const channelSchema = z.object({ channel: z.object({ id: z.string(), title: z.string(), description: z.string().optional() }) });
const LIST = { method: 'GET', path: '/users/self/channels.json', endpoint: 'GET /users/self/channels.<format>' } as const;

describe('signed calls the sandbox accepts', () => {
  it('lists channels with a bearer token from the password grant', async () => {
    const token = await grant('bearer');
    expect(token.type).toBe('bearer');
    const { status, body } = await callerWith(token).call({ ...LIST, query: { q: 'demo' } }, channelList);
    expect(status).toBe(200);
    expect(body.channels.map((channel) => channel.title)).toEqual(['Demo Live']);
  });

  it('creates, edits, reads and deletes a channel with MAC-signed GET, POST, PUT and DELETE', async () => {
    const token = await grant('mac', ['broadcaster']);
    expect(token.type).toBe('mac');
    const lines: string[] = [];
    const caller = callerWith(token, sandbox.apiUrl, lines);

    const listed = await caller.call({ ...LIST, query: { q: 'demo', detail_level: 'broadcaster' } }, channelList);
    expect(listed.body.channels[0]!.broadcast_urls?.length).toBeGreaterThan(0);

    const title = `Signed ${Date.now()}`;
    const created = await caller.call(
      { method: 'POST', path: '/users/self/channels.json', form: { title, description: 'Made with a MAC signature & a form body' }, endpoint: 'POST /users/self/channels.json' },
      z.object({ channel: z.object({ id: z.string(), title: z.string() }) }),
    );
    expect(created.status).toBe(201);
    const id = created.body.channel.id;
    const path = `/channels/${id}.json`;

    const edited = await caller.call(
      { method: 'PUT', path, form: { title: `${title} (renamed)`, description: 'Café night', tags: 'late,show' }, endpoint: 'PUT /channels/<channel_id>.<format>' },
      z.undefined(),
    );
    expect(edited.status).toBe(204);
    const read = await caller.call({ method: 'GET', path, query: { detail_level: 'owner' }, endpoint: 'GET /channels/<channel_id>.<format>' }, channelSchema);
    expect(read.body.channel).toMatchObject({ id, title: `${title} (renamed)`, description: 'Café night' });

    const deleted = await caller.call({ method: 'DELETE', path, endpoint: 'DELETE /channels/<channel_id>.<format>' }, z.unknown());
    expect(deleted.status).toBe(200);

    const gone = await rejection(caller.call({ method: 'GET', path, endpoint: 'GET /channels/<channel_id>.<format>' }, channelSchema));
    expect(gone).not.toBeInstanceOf(SignInNeededError);
    expect(gone).toMatchObject({ status: 404, error: 'not_found', endpoint: 'GET /channels/<channel_id>.<format>' });
    expect(gone.message).toMatch(/^GET \/channels\/<channel_id>\.<format> answered 404 \(not_found: .*\): the item does not exist/);

    expect(lines.every((line) => !line.includes('?'))).toBe(true);
    expect(lines[0]).toMatch(/^GET \/users\/self\/channels\.json 200 \d+ms$/);
    expect(lines.join('\n')).not.toContain(token.accessToken);
  });
});

describe('failures', () => {
  it('asks for sign-in when the token was revoked', async () => {
    const token = await grant('mac');
    expect(sandbox.admin.revokeToken(token.accessToken)).toBe(true);
    const error = await rejection(callerWith(token).call(LIST, channelList));
    expect(error).toBeInstanceOf(SignInNeededError);
    expect(error).toMatchObject({ status: 401, endpoint: LIST.endpoint });
    expect(error.message).toMatch(/revoked/);
    expect(error.message).not.toContain(token.accessToken);
  });

  it('asks for sign-in when the token has expired', async () => {
    const token = await grant('bearer');
    expect(sandbox.admin.expireToken(token.accessToken)).toBe(true);
    const error = await rejection(callerWith(token).call(LIST, channelList));
    expect(error).toBeInstanceOf(SignInNeededError);
    expect(error.message).toMatch(/expired/);
  });

  it('reports a body that does not match the schema as malformed_response with the path', async () => {
    const token = await grant('bearer');
    const error = await rejection(callerWith(token).call(LIST, z.object({ channels: z.array(z.object({ stream_key: z.string() })) })));
    expect(error).toMatchObject({ status: 200, error: 'malformed_response', endpoint: LIST.endpoint });
    expect(error.message).toMatch(/channels\.0\.stream_key/);
  });

  describe('a server that answers garbage', () => {
    let garbage: Server;
    let garbageUrl: string;

    beforeAll(async () => {
      garbage = createServer((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"channels": [ this is not json');
      });
      await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
      garbageUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      garbage.closeAllConnections();
      await new Promise((resolve) => garbage.close(resolve));
    });

    it('is malformed_response, keeping the status', async () => {
      const token = await grant('mac');
      const error = await rejection(callerWith(token, garbageUrl).call(LIST, channelList));
      expect(error).toMatchObject({ status: 200, error: 'malformed_response', endpoint: LIST.endpoint });
      expect(error.message).toMatch(/not JSON/);
      expect(error.message).not.toContain('this is not json');
    });
  });

  it("is 'unreachable' after the retries when nothing listens", async () => {
    const port = await freePort();
    const lines: string[] = [];
    const error = await rejection(callerWith(await grant('bearer'), `http://127.0.0.1:${port}`, lines).call(LIST, channelList));
    expect(error).toMatchObject({ status: 0, error: 'unreachable', endpoint: LIST.endpoint });
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).toMatch(/connection refused/);
    expect(lines).toHaveLength(FAST_RETRY.attempts);
    expect(lines[0]).toMatch(/^GET \/users\/self\/channels\.json failed \(connection refused\) \d+ms$/);
  });
});

/** A port nothing listens on: one the system just handed out and took back. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
