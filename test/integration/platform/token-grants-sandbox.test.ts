// The grants over real HTTP against the sandbox's token endpoint, including its "retry later" answer
// switched on and off by the operator while the client is retrying.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AccessToken } from '../../../main/platform/access-token.js';
import { clientCredentialsGrant, passwordGrant, type PasswordGrant } from '../../../main/platform/oauth/token-grants.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { rejection } from '../../support/platform-rejection.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterEach(() => {
  sandbox.admin.forceTokenServerError(false);
});

afterAll(async () => {
  await sandbox.close();
});

function demoGrant(overrides: Partial<PasswordGrant> = {}): PasswordGrant {
  return {
    tokenUrl: sandbox.authUrl,
    clientId: sandbox.client.id,
    clientSecret: sandbox.client.secret,
    username: sandbox.demo.username,
    password: sandbox.demo.password,
    tokenType: 'mac',
    scopes: ['broadcaster'],
    deviceName: 'token grant integration test',
    ...overrides,
  };
}

async function accepted(token: AccessToken): Promise<number> {
  const caller = createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => token } });
  const answer = await caller.call({ method: 'GET', path: '/users/self/channels.json', endpoint: 'GET /users/self/channels.<format>' }, z.object({ channels: z.array(z.unknown()) }));
  return answer.status;
}

describe('passwordGrant against the sandbox', () => {
  it('gets a MAC token with every field, which signs accepted calls', async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await passwordGrant(demoGrant());
    if (token.type !== 'mac') throw new Error('expected a MAC token');
    expect(token.accessToken).toMatch(/^[0-9a-f]{40}$/);
    expect(token.macKey).toMatch(/^[0-9a-f]{40}$/);
    expect(token.createdAt).toBeGreaterThanOrEqual(before);
    expect(token.expiresAt! - before).toBeGreaterThanOrEqual(86_399);
    expect(token.scopes).toEqual(['broadcaster']);
    expect(await accepted(token)).toBe(200);
  });

  it('gets a bearer token that never expires with scope offline', async () => {
    const token = await passwordGrant(demoGrant({ tokenType: 'bearer', scopes: ['offline'] }));
    expect(token).toMatchObject({ type: 'bearer', expiresAt: null, scopes: ['offline'] });
    expect(await accepted(token)).toBe(200);
  });

  it('says "wrong username or password" for a wrong password', async () => {
    const error = await rejection(passwordGrant(demoGrant({ password: 'not-the-password' })));
    expect(error).toMatchObject({ status: 400, error: 'invalid_grant', endpoint: 'POST {auth_url}/oauth2/token' });
    expect(error.message).toMatch(/^Wrong username or password/);
    expect(error.message).not.toContain('not-the-password');
  });

  it('says the client credentials are wrong for a wrong secret, without the secret', async () => {
    const wrongSecret = 'f'.repeat(40);
    const error = await rejection(passwordGrant(demoGrant({ clientSecret: wrongSecret })));
    expect(error).toMatchObject({ status: 400, error: 'invalid_client' });
    expect(error.message).toMatch(/client ID or secret/);
    expect(error.message).not.toContain(wrongSecret);
  });

  it('says broadcaster needs MAC for a bearer token with scope broadcaster', async () => {
    const error = await rejection(passwordGrant(demoGrant({ tokenType: 'bearer' })));
    expect(error).toMatchObject({ status: 400, error: 'invalid_scope' });
  });

  it('retries 503 server_error and succeeds once the platform is back', async () => {
    sandbox.admin.forceTokenServerError(true);
    const lines: string[] = [];
    const waits: number[] = [];
    const token = await passwordGrant(
      demoGrant({
        retry: { attempts: 5, baseDelayMs: 10, maxDelayMs: 50 },
        onRequest: (line) => lines.push(line),
        // The operator switches the outage off during the second wait, as a recovering platform would.
        sleep: async (ms) => {
          waits.push(ms);
          if (waits.length === 2) sandbox.admin.forceTokenServerError(false);
        },
      }),
    );
    expect(token.type).toBe('mac');
    expect(lines.map((line) => line.replace(/ \d+ms$/, ''))).toEqual(['POST /oauth2/token 503', 'POST /oauth2/token 503', 'POST /oauth2/token 200']);
    // The sandbox asks for Retry-After: 1; the wait is capped at maxDelayMs.
    expect(waits).toEqual([50, 50]);
    expect(await accepted(token)).toBe(200);
  });

  it('gives up with server_error when the platform stays down', async () => {
    sandbox.admin.forceTokenServerError(true);
    const error = await rejection(passwordGrant(demoGrant({ retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 } })));
    expect(error).toMatchObject({ status: 503, error: 'server_error' });
    expect(error.message).toMatch(/try again in a few minutes/);
  });
});

describe('clientCredentialsGrant against the sandbox', () => {
  it("gets the application's token", async () => {
    const token = await clientCredentialsGrant({ tokenUrl: sandbox.authUrl, clientId: sandbox.client.id, clientSecret: sandbox.client.secret, deviceName: 'hooks' });
    expect(token).toMatchObject({ type: 'bearer', scopes: [] });
    expect(token.accessToken).toMatch(/^[0-9a-f]{40}$/);
  });
});
