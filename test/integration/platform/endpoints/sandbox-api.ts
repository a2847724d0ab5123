// The typed client over real HTTP: a sandbox, the real transport (createPlatformCaller) and tokens from
// the sandbox's token endpoint, for the demo user (and its application), and for the rival user.
import type { AccessToken } from '../../../../main/platform/access-token.js';
import { createPlatformApi, type PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../../main/platform/platform-caller.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../../sandbox/index.js';
import { clientToken, passwordToken } from '../../../support/sandbox-client.js';

export interface SandboxApis {
  readonly sandbox: Sandbox;
  /** Signed in as the demo user; hooks with the application's client-credentials token. */
  readonly api: PlatformApi;
  /** Signed in as the rival user, who owns none of the demo user's things. */
  readonly rival: PlatformApi;
  /** The id of the demo user's seeded channel "Demo Live". */
  readonly demoChannelId: string;
}

function bearer(accessToken: string): AccessToken {
  return { type: 'bearer', accessToken, expiresAt: null, scopes: [] };
}

function apiFor(sandbox: Sandbox, user: AccessToken, client: AccessToken | null): PlatformApi {
  const retry = { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 };
  return createPlatformApi(createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async (kind) => (kind === 'user' ? user : client) }, retry }));
}

export async function startSandboxApis(options: SandboxOptions = {}): Promise<SandboxApis> {
  const sandbox = await startSandbox(options);
  try {
    const user = bearer(await passwordToken(sandbox));
    const client = bearer(await clientToken(sandbox));
    const rival = bearer(await passwordToken(sandbox, sandbox.rival));
    const demoChannel = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live');
    if (!demoChannel) throw new Error('The sandbox seed has no "Demo Live" channel.');
    return { sandbox, api: apiFor(sandbox, user, client), rival: apiFor(sandbox, rival, null), demoChannelId: demoChannel.id };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/** The PlatformError a call failed with (anything else fails the test). */
export async function platformError(outcome: Promise<unknown>): Promise<PlatformError> {
  const thrown: unknown = await outcome.then(
    () => new Error('the call succeeded'),
    (error: unknown) => error,
  );
  if (thrown instanceof PlatformError) return thrown;
  throw thrown instanceof Error ? thrown : new Error(String(thrown));
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
