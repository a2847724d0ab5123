// Profiles: which platform the app talks to. The default `sandbox` profile is the embedded local platform;
// a platform profile holds the API and auth addresses and the client id (its client secret lives in the
// keychain). Kept in <data dir>/profiles.json, which holds no secret.
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readJson, writeJsonAtomically } from '../settings/json-file.js';

export const SANDBOX_PROFILE = 'sandbox';

const profileName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a profile name is 1-40 lowercase letters, digits or dashes');

const PlatformProfile = z.object({
  kind: z.literal('platform'),
  apiUrl: z.url({ protocol: /^https?$/ }),
  authUrl: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
});
const SandboxProfile = z.object({ kind: z.literal('sandbox') });
const Profile = z.discriminatedUnion('kind', [PlatformProfile, SandboxProfile]);
export type Profile = z.output<typeof Profile>;
export type PlatformProfile = z.output<typeof PlatformProfile>;

const ProfilesFile = z.object({
  active: profileName,
  profiles: z.record(profileName, Profile),
});
type ProfilesFile = z.output<typeof ProfilesFile>;

export const DEFAULT_PROFILES: ProfilesFile = { active: SANDBOX_PROFILE, profiles: { [SANDBOX_PROFILE]: { kind: 'sandbox' } } };

export interface ProfilesLoad {
  readonly profiles: ProfilesFile;
  /** Set when the file was unreadable and replaced by the defaults (the broken one is kept beside it). */
  readonly notice: string | null;
}

export class ProfileStore {
  readonly #file: string;

  constructor(dataDirectory: string) {
    this.#file = join(dataDirectory, 'profiles.json');
  }

  async load(): Promise<ProfilesLoad> {
    const read = await readJson(this.#file, ProfilesFile);
    if (read.kind === 'missing') return { profiles: structuredClone(DEFAULT_PROFILES), notice: null };
    if (read.kind === 'ok') {
      const profiles = read.value;
      profiles.profiles[SANDBOX_PROFILE] ??= { kind: 'sandbox' };
      if (!profiles.profiles[profiles.active]) profiles.active = SANDBOX_PROFILE;
      return { profiles, notice: null };
    }
    const backup = `${this.#file}.broken-${Date.now()}`;
    await copyFile(this.#file, backup);
    await writeJsonAtomically(this.#file, DEFAULT_PROFILES);
    return { profiles: structuredClone(DEFAULT_PROFILES), notice: `The profiles file was damaged (${read.problem}); it was kept as ${backup} and the default profile is in use.` };
  }

  async save(profiles: ProfilesFile): Promise<void> {
    await writeJsonAtomically(this.#file, ProfilesFile.parse(profiles));
  }
}

export function validProfileName(name: string): string | null {
  const result = profileName.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid profile name');
}

export function parsePlatformProfile(value: unknown): PlatformProfile {
  return PlatformProfile.parse(value);
}
