// The core as a command uses it: the profile from --profile, platform settings from the global options
// (--api-url, --auth-url, --client-id, the client secret from standard input or COMPANION_CLIENT_SECRET), warnings on stderr,
// the platform's rate-limit waits told as the command's output goes (wait-lines.ts).
import { createCore, type Core, type CoreOptions } from '../core.js';
import type { SignInDriver } from '../session/sign-in-driver.js';
import { SANDBOX_PROFILE } from '../profiles/profiles.js';
import { UsageError, stringOption, type CommandContext, type OptionValues } from './command-context.js';
import { secretFromStdin } from './run-sign-in.js';
import { platformWaitPrinter, type WaitLines } from './wait-lines.js';

export const platformOptions = {
  'api-url': { type: 'string' },
  'auth-url': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret-stdin': { type: 'boolean' },
  // Refused with a sentence rather than unknown: a secret on the command line is readable by every user of
  // the computer (ps, /proc/PID/cmdline) and stays in the shell's history.
  'client-secret': { type: 'string' },
} as const;

/** `waits`: where the platform's rate-limit waits are told (wait-lines.ts). */
export async function coreForCommand(context: CommandContext, values: OptionValues, signInDriver?: SignInDriver, live?: CoreOptions['live'], waits: WaitLines = 'events'): Promise<Core> {
  const setting = (name: 'api-url' | 'auth-url' | 'client-id', variable: string) => stringOption(values, name) ?? (process.env[variable] || undefined);
  const apiUrl = setting('api-url', 'COMPANION_API_URL');
  const authUrl = setting('auth-url', 'COMPANION_AUTH_URL');
  const clientId = setting('client-id', 'COMPANION_CLIENT_ID');
  if (values['client-secret'] !== undefined) {
    throw new UsageError('--client-secret on the command line is readable by every user of this computer (ps, /proc) and stays in the shell history: give it on standard input with --client-secret-stdin, or in COMPANION_CLIENT_SECRET');
  }
  if (values['client-secret-stdin'] === true && values['password-stdin'] === true) {
    throw new UsageError('standard input carries one secret: with --password-stdin, give the client secret in COMPANION_CLIENT_SECRET');
  }
  const clientSecret = values['client-secret-stdin'] === true ? await secretFromStdin(context, 'client secret') : process.env.COMPANION_CLIENT_SECRET || undefined;
  const configures = apiUrl !== undefined || authUrl !== undefined || clientId !== undefined || clientSecret !== undefined;
  if (configures && (context.profile === undefined || context.profile === SANDBOX_PROFILE)) {
    throw new UsageError('platform settings (--api-url, --auth-url, --client-id, the client secret) belong to a named profile: add --profile NAME (not "sandbox", whose addresses come from the embedded sandbox)');
  }
  const core = await createCore({
    shell: 'cli',
    logger: context.logger,
    signInDriver,
    live,
    onPlatformWait: platformWaitPrinter(context, waits),
    ...(configures ? {} : { profile: context.profile }),
  });
  if (configures && context.profile !== undefined) {
    await core.session.configurePlatformProfile(context.profile, { apiUrl, authUrl, clientId }, clientSecret);
  }
  return core;
}

