// The live service of a signed-in profile in the current dialect, against a real sandbox: the sandbox
// profile (its TLS authority handed over) or another one, the local ingest on a free port, the keychain a
// map. Shared by the live integration tests that go live for real.
import type { Contract } from '../../../preload/contract.js';
import { ChannelChoices } from '../../../main/admin/channels/channel-choices.js';
import { LiveService } from '../../../main/live/live-service.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { createPlatformApi } from '../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import type { SessionService } from '../../../main/session/session-service.js';
import { LiveSettingsStore } from '../../../main/settings/live-settings.js';
import { ContractEvents } from '../../../main/typed-emitter.js';
import type { Sandbox } from '../../../sandbox/index.js';
import { issueToken } from '../../../sandbox/auth/token-issuer.js';

/** A bearer token of the sandbox's demo user for the app's native client. */
export function demoToken(sandbox: Sandbox): string {
  const demo = sandbox.admin.store.accountByUsername(sandbox.demo.username)!;
  return issueToken(sandbox.admin.store, { clientId: sandbox.nativeClient.id, userId: demo.id, type: 'bearer', scopes: [], deviceName: null }).accessToken;
}

export interface SandboxLiveServiceOptions {
  readonly sandbox: Sandbox;
  readonly token: string;
  /** Where live.json goes. */
  readonly dir: string;
  /** The local ingest's key. */
  readonly localKey: string;
  readonly plainRtmp: boolean;
  /** The sandbox profile trusts the sandbox's TLS authority; another profile does not. */
  readonly sandboxProfile: boolean;
  readonly logLines: string[];
  /** The destinations' stream keys (the keychain of this test); none kept when absent. */
  readonly streamKeys?: Map<string, string>;
}

export function sandboxLiveService(options: SandboxLiveServiceOptions): LiveService {
  const { sandbox, plainRtmp, sandboxProfile } = options;
  const address = { apiUrl: sandbox.apiUrl, authUrl: sandbox.authUrl, tokenUrl: sandbox.authUrl, clientId: sandbox.nativeClient.id, clientSecret: null, dialect: 'current', plainRtmp };
  const session = {
    profileName: sandboxProfile ? 'sandbox' : 'elsewhere',
    currentStatus: () => 'signed-in',
    events: new ContractEvents<Contract>(),
    platform: async () => address,
    sandbox: async () => (sandboxProfile ? { rtmpsCaCertificate: sandbox.rtmpsCaCertificate } : null),
  } as unknown as SessionService;
  const user = { type: 'bearer' as const, accessToken: options.token, expiresAt: null, scopes: [] };
  const api = createPlatformApi(createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async (kind) => (kind === 'user' ? user : null) }, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } }));
  const keys = options.streamKeys ?? new Map<string, string>();
  return new LiveService({
    session,
    platformApi: async () => api,
    channelChoices: new ChannelChoices(session),
    keySlot: () => ({
      localIngestKey: { read: async () => options.localKey, save: async () => undefined },
      streamKeys: { read: async (id) => keys.get(id) ?? null, save: async (id, key) => void keys.set(id, key), forget: async (id) => keys.delete(id) },
    }),
    settings: new LiveSettingsStore(options.dir, () => undefined),
    logger: createLogger({ sink: { write: (line) => options.logLines.push(line) }, level: 'info' }),
    ingestPort: 0,
  });
}
