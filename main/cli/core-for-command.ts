// The core as a command uses it: the profile from --profile, platform settings from the global options
// (--api-url, --auth-url, --client-id, --client-secret or their COMPANION_* variables), warnings on stderr.
import { createCore, type Core, type CoreOptions } from '../core.js';
import type { SignInDriver } from '../session/sign-in-driver.js';
import { SANDBOX_PROFILE } from '../profiles/profiles.js';
import { UsageError, stringOption, type CommandContext, type OptionValues } from './command-context.js';

export const platformOptions = {
  'api-url': { type: 'string' },
  'auth-url': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
} as const;

export async function coreForCommand(context: CommandContext, values: OptionValues, signInDriver?: SignInDriver, live?: CoreOptions['live']): Promise<Core> {
  const setting = (name: keyof typeof platformOptions, variable: string) => stringOption(values, name) ?? (process.env[variable] || undefined);
  const apiUrl = setting('api-url', 'COMPANION_API_URL');
  const authUrl = setting('auth-url', 'COMPANION_AUTH_URL');
  const clientId = setting('client-id', 'COMPANION_CLIENT_ID');
  const clientSecret = setting('client-secret', 'COMPANION_CLIENT_SECRET');
  const configures = apiUrl !== undefined || authUrl !== undefined || clientId !== undefined || clientSecret !== undefined;
  if (configures && (context.profile === undefined || context.profile === SANDBOX_PROFILE)) {
    throw new UsageError('platform settings (--api-url, --auth-url, --client-id, --client-secret) belong to a named profile: add --profile NAME (not "sandbox", whose addresses come from the embedded sandbox)');
  }
  const core = await createCore({
    shell: 'cli',
    logger: context.logger,
    signInDriver,
    live,
    ...(configures ? {} : { profile: context.profile }),
  });
  if (configures && context.profile !== undefined) {
    await core.session.configurePlatformProfile(context.profile, { apiUrl, authUrl, clientId }, clientSecret);
  }
  return core;
}
