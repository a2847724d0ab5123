// Channel hooks through the typed client against the sandbox over real HTTP, with the application's
// client-credentials token and a real recipient that answers the handshake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInNeededError } from '../../../../main/platform/platform-error.js';
import { HookReceiver } from '../../../support/hook-receiver.js';
import { platformError, startSandboxApis, type SandboxApis } from './sandbox-api.js';

let apis: SandboxApis;
let receiver: HookReceiver;

beforeAll(async () => {
  apis = await startSandboxApis();
  receiver = await HookReceiver.start();
});

afterAll(async () => {
  await receiver?.close();
  await apis?.sandbox.close();
});

describe('hooks over HTTP', () => {
  it('registers a hook that the handshake activates, reads it and removes it', async () => {
    const { api, demoChannelId } = apis;
    await api.hooks.register(demoChannelId, 'video.create', receiver.url);
    expect((await api.hooks.get(demoChannelId, 'video.create')).recipient).toBe(receiver.url);
    await expect.poll(async () => (await api.hooks.get(demoChannelId, 'video.create')).status, { timeout: 10_000 }).toBe('active');

    await api.hooks.remove(demoChannelId, 'video.create');
    expect(await platformError(api.hooks.get(demoChannelId, 'video.create'))).toMatchObject({
      status: 404,
      error: 'not_found',
      endpoint: 'GET /channels/<channel_id>/hooks/<event>.<format>',
    });
  });

  it('names the spec errors of hook registration', async () => {
    const { api, demoChannelId } = apis;
    expect(await platformError(api.hooks.register(demoChannelId, 'channel.status.live', 'not a url'))).toMatchObject({ status: 400, error: 'bad_request' });
    expect(await platformError(api.hooks.register('no-such-channel', 'channel.status.live', receiver.url))).toMatchObject({ status: 404, error: 'not_found' });
  });

  it('asks for the application sign-in, not the user token, when there is no client token', async () => {
    // The rival's token source has a user token but no client-credentials token.
    const error = await platformError(apis.rival.hooks.get(apis.demoChannelId, 'video.create'));
    expect(error).toBeInstanceOf(SignInNeededError);
    expect(error.endpoint).toBe('GET /channels/<channel_id>/hooks/<event>.<format>');
  });
});
