// The Hooks panel's service against the sandbox over real HTTP, with the app's built-in receiver as the
// recipient: registered, activated by the platform's handshake, a delivery verified; removed; a channel
// that is gone; a refused client token replaced once; no client token at all explained.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_CREDENTIALS_NEEDED, HookService } from '../../../../main/admin/hooks/hook-service.js';
import type { AccessToken } from '../../../../main/platform/access-token.js';
import { createPlatformApi } from '../../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../../main/platform/platform-caller.js';
import { HookReceiverSettingsStore } from '../../../../main/settings/hook-receiver-settings.js';
import type { HookDelivery } from '../../../../preload/contract.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/index.js';
import { clientToken, passwordToken } from '../../../support/sandbox-client.js';

const bearer = (accessToken: string): AccessToken => ({ type: 'bearer', accessToken, expiresAt: null, scopes: [] });

let sandbox: Sandbox;
let dataDir: string;
let user: AccessToken;
let channelId: string;

beforeAll(async () => {
  sandbox = await startSandbox({});
  dataDir = mkdtempSync(join(tmpdir(), 'hook-service-'));
  user = bearer(await passwordToken(sandbox));
  channelId = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live')!.id;
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A service as the app builds it; `client` is what the session would hand out (null: none). */
function serviceWith(client: () => Promise<AccessToken | null>, options: { onRefused?: () => void } = {}) {
  const delivered: HookDelivery[] = [];
  let secrets: Record<string, string> = {};
  const caller = createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async (kind) => (kind === 'user' ? user : client()) }, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
  const service = new HookService({
    platformApi: async () => createPlatformApi(caller),
    session: { profileKind: 'sandbox', clientTokenRefused: async () => options.onRefused?.() },
    logger: { info: () => undefined, warn: () => undefined },
    receiver: {
      settings: new HookReceiverSettingsStore(dataDir, () => {}),
      secrets: { load: async () => secrets, save: async (next) => void (secrets = next) },
    },
  });
  service.events.on('hookDelivery', (record) => delivered.push(record));
  return { service, delivered, secrets: () => secrets };
}

describe('the hook service against the sandbox', () => {
  it('registers with the built-in receiver, is activated by the handshake, verifies a delivery, and removes', async () => {
    const token = bearer(await clientToken(sandbox));
    const { service, delivered, secrets } = serviceWith(async () => token);
    await service.open();
    try {
      const before = await service.state(channelId);
      expect(before.receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks$/);
      expect(before.hooks.map((row) => [row.event, row.status])).toEqual([
        ['channel.status.live', null],
        ['channel.status.offair', null],
        ['video.create', null],
        ['video.deleted', null],
      ]);

      const registered = await service.register(channelId, 'video.deleted', before.receiverUrl!);
      expect(registered.hooks.find((row) => row.event === 'video.deleted')).toMatchObject({ recipient: before.receiverUrl, atReceiver: true });
      await expect.poll(async () => (await service.state(channelId)).hooks.find((row) => row.event === 'video.deleted')?.status, { timeout: 10_000 }).toBe('active');
      expect(Object.keys(secrets())).toEqual([`${channelId}/video.deleted`]);

      const video = sandbox.admin.store.data.videos.find((entry) => entry.channelId === channelId)!;
      const response = await fetch(`${sandbox.apiUrl}/videos/${video.id}.json`, { method: 'DELETE', headers: { Authorization: `Bearer ${user.accessToken}` } });
      expect(response.status).toBe(200);
      await expect.poll(() => delivered.find((record) => record.kind === 'delivery'), { timeout: 10_000 }).toMatchObject({ event: 'video.deleted', videoId: video.id, accepted: true });
      expect(service.deliveries()[0]).toMatchObject({ kind: 'delivery', accepted: true });

      const removed = await service.remove(channelId, 'video.deleted');
      expect(removed.hooks.every((row) => row.status === null)).toBe(true);
      expect(secrets()).toEqual({});
      // Removing what is gone already is no failure.
      expect((await service.remove(channelId, 'video.deleted')).hooks.every((row) => row.status === null)).toBe(true);
    } finally {
      await service.close();
    }
  });

  it('says a channel is gone, and that a recipient was refused, in sentences', async () => {
    const token = bearer(await clientToken(sandbox));
    const { service } = serviceWith(async () => token);
    await expect(service.state('999999')).rejects.toMatchObject({ code: 'not_found', message: 'This channel no longer exists. Reload the list of channels.' });
    await expect(service.register('999999', 'video.create', 'https://example.com/hooks')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('replaces a client token the platform refuses, once, without touching the sign-in', async () => {
    const revoked = await clientToken(sandbox);
    sandbox.admin.revokeToken(revoked);
    const fresh = bearer(await clientToken(sandbox));
    let refusals = 0;
    const { service } = serviceWith(async () => (refusals === 0 ? bearer(revoked) : fresh), { onRefused: () => void (refusals += 1) });
    const state = await service.state(channelId);
    expect(refusals).toBe(1);
    expect(state.hooks).toHaveLength(4);
  });

  it('explains a profile without client credentials instead of asking for a new sign-in', async () => {
    const { service } = serviceWith(async () => null);
    await expect(service.state(channelId)).rejects.toMatchObject({ code: 'client_sign_in_needed', message: CLIENT_CREDENTIALS_NEEDED });
  });
});
