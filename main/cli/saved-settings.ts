// The saved settings `companion settings` reads and changes: the ones a streamer sets in the app (the Go live
// panel's channel, "record when live", the ingest port and the encoder-drop bridge; the Uploads panel's files
// at once and speed limit; a profile's dialect and plain-RTMP switch), each by a name as the command line
// spells its options. Written to the same files the app reads when it opens (live.json, uploads.json,
// profiles.json), whole and atomically like every settings file.
import { ProfileStore, Dialect } from '../profiles/profiles.js';
import { BRIDGE_WINDOW_SECONDS, LiveSettingsStore } from '../settings/live-settings.js';
import { UploadSettingsStore } from '../settings/upload-settings.js';
import { CONCURRENCY_RANGE } from '../uploads/upload-types.js';
import { UsageError } from './command-context.js';
import { rateOption } from './rate-option.js';

export interface SettingsFiles {
  readonly live: LiveSettingsStore;
  readonly uploads: UploadSettingsStore;
  readonly profiles: ProfileStore;
}

export function settingsFiles(dataDirectory: string, onRecovered: (message: string) => void): SettingsFiles {
  return { live: new LiveSettingsStore(dataDirectory, onRecovered), uploads: new UploadSettingsStore(dataDirectory, onRecovered), profiles: new ProfileStore(dataDirectory, onRecovered) };
}

export interface SavedSetting {
  readonly name: string;
  /** What it takes, for the help text: `on|off`, `PORT`… */
  readonly takes: string;
  readonly about: string;
  /** Kept per profile (the active one, or --profile's). */
  readonly perProfile: boolean;
  /** The saved value as `set` takes it. */
  get(files: SettingsFiles, profile: string): Promise<string>;
  /** Checks and saves the value; the value as `get` will show it. Throws UsageError for a value it does not take. */
  set(files: SettingsFiles, profile: string, value: string): Promise<string>;
}

export const SAVED_SETTINGS: readonly SavedSetting[] = [
  {
    name: 'channel',
    takes: 'ID',
    about: 'the channel the Go live panel and `companion live` start on (`companion channels` lists yours)',
    perProfile: true,
    get: async (files, profile) => (await files.live.load()).channels[profile] ?? 'none',
    set: async (files, profile, value) => {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new UsageError(`a channel is given by its id, as \`companion channels\` lists it (got ${JSON.stringify(value)})`);
      await files.live.update((settings) => {
        settings.channels[profile] = value;
      });
      return value;
    },
  },
  {
    name: 'record-when-live',
    takes: 'on|off',
    about: "start the channel's cloud recording when it goes live",
    perProfile: false,
    get: async (files) => onOff((await files.live.load()).recordWhenLive),
    set: async (files, _profile, value) => {
      const on = switchValue('record-when-live', value);
      await files.live.update((settings) => {
        settings.recordWhenLive = on;
      });
      return onOff(on);
    },
  },
  {
    name: 'ingest-port',
    takes: 'PORT',
    about: 'the port the local ingest listens on for the encoder (0: any free port)',
    perProfile: false,
    get: async (files) => String((await files.live.load()).ingestPort),
    set: async (files, _profile, value) => {
      const port = Number(value);
      if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`ingest-port is a port number from 0 to 65535 (got ${value})`);
      await files.live.update((settings) => {
        settings.ingestPort = port;
      });
      return String(port);
    },
  },
  {
    name: 'bridge',
    takes: 'SECONDS|off',
    about: 'how long the holding slate covers for an encoder that dropped, or off',
    perProfile: false,
    get: async (files) => {
      const { bridge } = await files.live.load();
      return bridge.enabled ? String(bridge.windowSeconds) : 'off';
    },
    set: async (files, _profile, value) => {
      const { min, max } = BRIDGE_WINDOW_SECONDS;
      const seconds = Number(value);
      if (value !== 'off' && (!/^\d+$/.test(value) || seconds < min || seconds > max)) throw new UsageError(`bridge takes a number of seconds from ${min} to ${max}, or off (got ${value})`);
      await files.live.update((settings) => {
        // Off keeps the window, for when it is switched on again.
        settings.bridge = value === 'off' ? { ...settings.bridge, enabled: false } : { enabled: true, windowSeconds: seconds };
      });
      return value;
    },
  },
  {
    name: 'concurrency',
    takes: 'N',
    about: 'how many files upload at once',
    perProfile: false,
    get: async (files) => String((await files.uploads.load()).concurrency),
    set: async (files, _profile, value) => {
      const count = Number(value);
      const { min, max } = CONCURRENCY_RANGE;
      if (!/^\d+$/.test(value) || count < min || count > max) throw new UsageError(`concurrency is ${min} to ${max} (got ${value})`);
      await files.uploads.update((settings) => {
        settings.concurrency = count;
      });
      return String(count);
    },
  },
  {
    name: 'limit-rate',
    takes: 'BYTES[k|M]|none',
    about: 'the upload speed limit in bytes per second, like 500k or 2M, or none',
    perProfile: false,
    get: async (files) => {
      const limit = (await files.uploads.load()).speedLimit;
      return limit === null ? 'none' : String(limit);
    },
    set: async (files, _profile, value) => {
      const limit = rateOption(value, 'limit-rate') ?? null;
      await files.uploads.update((settings) => {
        settings.speedLimit = limit;
      });
      return limit === null ? 'none' : String(limit);
    },
  },
  {
    name: 'dialect',
    takes: 'spec|current',
    about: "the platform the profile speaks: spec (parts A and B) or current (today's platform)",
    perProfile: true,
    get: async (files, profile) => (await savedProfile(files, profile)).dialect,
    set: async (files, profile, value) => {
      const parsed = Dialect.safeParse(value);
      if (!parsed.success) throw new UsageError(`dialect is spec (the platform of parts A and B) or current (the platform as it runs today), not ${JSON.stringify(value)}`);
      await changeProfile(files, profile, { dialect: parsed.data });
      return parsed.data;
    },
  },
  {
    name: 'plain-rtmp',
    takes: 'on|off',
    about: "publish over plain RTMP even where the channel's ingest offers RTMPS",
    perProfile: true,
    get: async (files, profile) => onOff((await savedProfile(files, profile)).plainRtmp),
    set: async (files, profile, value) => {
      const on = switchValue('plain-rtmp', value);
      await changeProfile(files, profile, { plainRtmp: on });
      return onOff(on);
    },
  },
];

export function savedSetting(name: string): SavedSetting | undefined {
  return SAVED_SETTINGS.find((setting) => setting.name === name);
}

function onOff(on: boolean): 'on' | 'off' {
  return on ? 'on' : 'off';
}

function switchValue(name: string, value: string): boolean {
  if (value !== 'on' && value !== 'off') throw new UsageError(`${name} is on or off, not ${JSON.stringify(value)}`);
  return value === 'on';
}

async function savedProfile(files: SettingsFiles, name: string) {
  const profile = (await files.profiles.load()).profiles[name];
  if (!profile) throw await unknownProfile(files, name);
  return profile;
}

async function changeProfile(files: SettingsFiles, name: string, change: { dialect?: Dialect; plainRtmp?: boolean }): Promise<void> {
  const saved = await files.profiles.load();
  const profile = saved.profiles[name];
  if (!profile) throw await unknownProfile(files, name);
  saved.profiles[name] = { ...profile, ...change };
  await files.profiles.save(saved);
}

/** A profile that is not set up, in words: the ones there are, and how to set one up. */
export async function unknownProfile(files: SettingsFiles, name: string): Promise<Error> {
  const known = Object.keys((await files.profiles.load()).profiles).sort();
  return new Error(`There is no profile called ${name}; the profiles are ${known.join(', ')}. Set one up with \`companion --profile ${name} login --api-url URL --auth-url URL --client-id ID\`.`);
}
