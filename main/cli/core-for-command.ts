// The core as a command uses it: the profile from --profile, platform settings from the global options
// (--api-url, --auth-url, --token-url, --client-id, --dialect, the client secret from standard input or
// COMPANION_CLIENT_SECRET; --dialect and --plain-rtmp alone hold for this run), warnings on stderr, the platform's rate-limit waits told as the command's output
// goes (wait-lines.ts).
import { createCore, type Core, type CoreOptions } from '../core.js';
import type { SignInDriver } from '../session/sign-in-driver.js';
import { Dialect, SANDBOX_PROFILE } from '../profiles/profiles.js';
import { UsageError, stringOption, stringOptions, type CommandContext, type OptionValues } from './command-context.js';
import { secretFromStdin } from './run-sign-in.js';
import { platformWaitPrinter, type WaitLines } from './wait-lines.js';

export const platformOptions = {
  // `--plain-rtmp on`: publish over plain RTMP even where the ingest offers RTMPS (today's platform); `off`: TLS first
  // again. `--preset production`: today's platform's own addresses (docs/platform-api/current.md), in the current dialect.
  ...stringOptions('api-url', 'auth-url', 'token-url', 'client-id', 'dialect', 'plain-rtmp', 'preset'),
  'client-secret-stdin': { type: 'boolean' },
  // Refused with a sentence rather than unknown: a secret on the command line is readable by every user of
  // the computer (ps, /proc/PID/cmdline) and stays in the shell's history.
  'client-secret': { type: 'string' },
} as const;

/** `waits`: where the platform's rate-limit waits are told (wait-lines.ts). */
export async function coreForCommand(context: CommandContext, values: OptionValues, signInDriver?: SignInDriver, live?: CoreOptions['live'], waits: WaitLines = 'events'): Promise<Core> {
  const setting = (name: 'api-url' | 'auth-url' | 'token-url' | 'client-id' | 'dialect', variable: string) => stringOption(values, name) ?? (process.env[variable] || undefined);
  const preset = presetOf(stringOption(values, 'preset'));
  const apiUrl = setting('api-url', 'COMPANION_API_URL') ?? preset?.apiUrl;
  const authUrl = setting('auth-url', 'COMPANION_AUTH_URL') ?? preset?.authUrl;
  const tokenUrl = setting('token-url', 'COMPANION_TOKEN_URL') ?? preset?.tokenUrl;
  const clientId = setting('client-id', 'COMPANION_CLIENT_ID');
  const dialect = dialectOf(setting('dialect', 'COMPANION_DIALECT')) ?? preset?.dialect;
  const plainRtmp = switchOf('plain-rtmp', stringOption(values, 'plain-rtmp'));
  if (values['client-secret'] !== undefined) {
    throw new UsageError('--client-secret on the command line is readable by every user of this computer (ps, /proc) and stays in the shell history: give it on standard input with --client-secret-stdin, or in COMPANION_CLIENT_SECRET');
  }
  if (values['client-secret-stdin'] === true && values['password-stdin'] === true) {
    throw new UsageError('standard input carries one secret: with --password-stdin, give the client secret in COMPANION_CLIENT_SECRET');
  }
  const clientSecret = values['client-secret-stdin'] === true ? await secretFromStdin(context, 'client secret') : process.env.COMPANION_CLIENT_SECRET || undefined;
  const configures = [apiUrl, authUrl, tokenUrl, clientId, clientSecret].some((value) => value !== undefined);
  if (configures && (context.profile === undefined || context.profile === SANDBOX_PROFILE)) {
    throw new UsageError('platform settings (--api-url, --auth-url, --token-url, --client-id, --preset, the client secret) belong to a named profile: add --profile NAME (not "sandbox", whose addresses come from the embedded sandbox)');
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
    await core.session.configurePlatformProfile(context.profile, { apiUrl, authUrl, tokenUrl, clientId, dialect, plainRtmp }, clientSecret);
  } else if (dialect !== undefined || plainRtmp !== undefined) {
    // The sandbox speaks both dialects; a platform profile's dialect or ingest choice may change on its own too.
    // For this run only: `companion settings set dialect …` keeps a choice (issue 22).
    await core.session.chooseProfileSettings({ dialect, plainRtmp }, true);
  }
  return core;
}

/** The production platform's addresses (docs/platform-api/current.md, "Production addresses"). */
const PRESETS = {
  production: { apiUrl: 'https://api.video.ibm.com', authUrl: 'https://authentication.video.ibm.com', tokenUrl: 'https://video.ibm.com', dialect: 'current' },
} as const;

function presetOf(name: string | undefined): (typeof PRESETS)[keyof typeof PRESETS] | undefined {
  if (name === undefined) return undefined;
  if (name !== 'production') throw new UsageError(`--preset knows production (today's platform), not ${JSON.stringify(name)}`);
  return PRESETS[name];
}

function switchOf(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'on' && value !== 'off') throw new UsageError(`--${name} is on or off, not ${JSON.stringify(value)}`);
  return value === 'on';
}

function dialectOf(value: string | undefined): Dialect | undefined {
  if (value === undefined) return undefined;
  const parsed = Dialect.safeParse(value);
  if (!parsed.success) throw new UsageError(`--dialect (or COMPANION_DIALECT) is spec (the platform of parts A and B) or current (the platform as it runs today), not ${JSON.stringify(value)}`);
  return parsed.data;
}

