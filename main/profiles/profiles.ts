// Profiles: which platform the app talks to. The default `sandbox` profile is the embedded local platform;
// a platform profile holds the API and auth addresses and the client id (its client secret lives in the
// keychain). Kept in <data dir>/profiles.json, which holds no secret.
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsFile, type RecoveryReporter } from '../settings/settings-file.js';

export const SANDBOX_PROFILE = 'sandbox';

const profileName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a profile name is 1-40 lowercase letters, digits or dashes');

/**
 * Which face of the platform a profile speaks: `spec`, the platform as parts A and B specify it (the implicit
 * flow with MAC tokens, FTP upload, RTMP ingest), or `current`, the platform as it runs today
 * (docs/platform-api/current.md: code + PKCE with rotating refresh tokens, HTTP uploads in parts, RTMPS).
 * It decides the sign-in flow, the token type, the upload transport and the ingest addresses; nothing else
 * branches on it.
 */
export const Dialect = z.enum(['spec', 'current']);
export type Dialect = z.output<typeof Dialect>;

/** What every profile chooses, whatever its platform. */
const profileChoices = {
  dialect: Dialect.default('spec'),
  /** Publish over plain RTMP even where the ingest offers RTMPS (current dialect; a switch for broken TLS middleboxes). */
  plainRtmp: z.boolean().default(false),
};

const PlatformProfile = z.object({
  kind: z.literal('platform'),
  apiUrl: z.url({ protocol: /^https?$/ }),
  authUrl: z.url({ protocol: /^https?$/ }),
  /** The token endpoint's origin when it is not the authorization server's (the production platform's is not). */
  tokenUrl: z.url({ protocol: /^https?$/ }).optional(),
  clientId: z.string().min(1),
  ...profileChoices,
});
const SandboxProfile = z.object({ kind: z.literal('sandbox'), ...profileChoices });
const Profile = z.discriminatedUnion('kind', [PlatformProfile, SandboxProfile]);
export type Profile = z.output<typeof Profile>;
export type PlatformProfile = z.output<typeof PlatformProfile>;

const ProfilesFile = z.object({
  active: profileName,
  profiles: z.record(profileName, Profile),
});
type ProfilesFile = z.output<typeof ProfilesFile>;

/** The sandbox profile as a new installation has it: the spec's dialect. */
export const DEFAULT_SANDBOX_PROFILE: Profile = SandboxProfile.parse({ kind: 'sandbox' });

export const DEFAULT_PROFILES: ProfilesFile = { active: SANDBOX_PROFILE, profiles: { [SANDBOX_PROFILE]: DEFAULT_SANDBOX_PROFILE } };

export class ProfileStore {
  readonly #file: SettingsFile<typeof ProfilesFile>;

  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    this.#file = new SettingsFile({
      file: join(dataDirectory, 'profiles.json'),
      schema: ProfilesFile,
      label: 'The profiles',
      defaults: () => structuredClone(DEFAULT_PROFILES),
      onRecovered,
      describeLoss: profilesLost,
    });
  }

  async load(): Promise<ProfilesFile> {
    const profiles = await this.#file.read();
    profiles.profiles[SANDBOX_PROFILE] ??= DEFAULT_SANDBOX_PROFILE;
    if (!profiles.profiles[profiles.active]) profiles.active = SANDBOX_PROFILE;
    return profiles;
  }

  async save(profiles: ProfilesFile): Promise<void> {
    await this.#file.write(ProfilesFile.parse(profiles));
  }
}

/**
 * A reset must not make platform profiles vanish without a word: the notice names those the damaged file
 * still shows (their keychain items survive the reset, so setting them up again under the same name finds them).
 */
function profilesLost(damagedText: string): string {
  const again = 'Set them up again under the same names: their sign-ins and client secrets are still in the keychain.';
  let names: string[] | null = null;
  try {
    const parsed: unknown = JSON.parse(damagedText);
    const profiles = typeof parsed === 'object' && parsed !== null ? (parsed as { profiles?: unknown }).profiles : undefined;
    if (typeof profiles === 'object' && profiles !== null) names = Object.keys(profiles).filter((name) => name !== SANDBOX_PROFILE && validProfileName(name) === null);
  } catch {
    // Not JSON at all: which profiles it held cannot be told.
  }
  if (names === null) return `Any platform profiles it held are no longer listed. ${again}`;
  if (names.length === 0) return 'It named no profile besides the sandbox.';
  return `It named ${names.length === 1 ? 'the profile' : 'the profiles'} ${names.join(', ')}, no longer listed. ${again}`;
}

export function validProfileName(name: string): string | null {
  const result = profileName.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid profile name');
}

export function parsePlatformProfile(value: unknown): PlatformProfile {
  return PlatformProfile.parse(value);
}
