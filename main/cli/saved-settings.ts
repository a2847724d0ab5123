// The saved settings `companion settings` reads and changes: the ones a streamer sets in the app (the Go live
// panel's channel, "record when live", the ingest port and the encoder-drop bridge; the Uploads panel's files
// at once, speed limit and timetable; a profile's dialect and plain-RTMP switch), each by a name as the command line
// spells its options. Written to the same files the app reads when it opens (live.json, uploads.json,
// profiles.json), whole and atomically like every settings file.
import { UploadTimetable } from '../../preload/contract.js';
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
  /** Kept per profile (the active one, or --profile's, which must be set up). */
  readonly perProfile: boolean;
  /** The saved value as `set` takes it. */
  get(files: SettingsFiles, profile: string): Promise<string>;
  /** Checks and saves the value; the value as `get` will show it. Throws UsageError for a value it does not take. */
  set(files: SettingsFiles, profile: string, value: string): Promise<string>;
}

/** A settings file read whole and changed in place. */
interface Changeable<T> {
  load(): Promise<T>;
  update(change: (saved: T) => void): Promise<unknown>;
}

type Live = Awaited<ReturnType<LiveSettingsStore['load']>>;
type Uploads = Awaited<ReturnType<UploadSettingsStore['load']>>;
type Profiles = Awaited<ReturnType<ProfileStore['load']>>;

const live = (files: SettingsFiles): Changeable<Live> => files.live;
const uploads = (files: SettingsFiles): Changeable<Uploads> => files.uploads;
const profiles = (files: SettingsFiles): Changeable<Profiles> => ({
  load: () => files.profiles.load(),
  update: async (change) => {
    const saved = await files.profiles.load();
    change(saved);
    await files.profiles.save(saved);
  },
});

/** `write` checks the value (throwing before anything is written), changes the settings and returns the value shown. */
function saved<T>(
  file: (files: SettingsFiles) => Changeable<T>,
  about: Pick<SavedSetting, 'name' | 'takes' | 'about' | 'perProfile'>,
  read: (settings: T, profile: string) => string,
  write: (settings: T, profile: string, value: string) => string,
): SavedSetting {
  return {
    ...about,
    get: async (files, profile) => read(await file(files).load(), profile),
    set: async (files, profile, value) => {
      let shown = value;
      await file(files).update((settings) => {
        shown = write(settings, profile, value);
      });
      return shown;
    },
  };
}

export const SAVED_SETTINGS: readonly SavedSetting[] = [
  saved(
    live,
    { name: 'channel', takes: 'ID', about: 'the channel the Go live panel and `companion live` start on (`companion channels` lists yours)', perProfile: true },
    (settings, profile) => settings.channels[profile] ?? 'none',
    (settings, profile, value) => {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new UsageError(`a channel is given by its id, as \`companion channels\` lists it (got ${JSON.stringify(value)})`);
      settings.channels[profile] = value;
      return value;
    },
  ),
  saved(
    live,
    { name: 'record-when-live', takes: 'on|off', about: "start the channel's cloud recording when it goes live", perProfile: false },
    (settings) => onOff(settings.recordWhenLive),
    (settings, _profile, value) => onOff((settings.recordWhenLive = switchValue('record-when-live', value))),
  ),
  saved(
    live,
    { name: 'ingest-port', takes: 'PORT', about: 'the port the local ingest listens on for the encoder (0: any free port)', perProfile: false },
    (settings) => String(settings.ingestPort),
    (settings, _profile, value) => String((settings.ingestPort = wholeNumber('ingest-port', value, { min: 0, max: 65535 }))),
  ),
  saved(
    live,
    { name: 'bridge', takes: 'SECONDS|off', about: 'how long the holding slate covers for an encoder that dropped, or off', perProfile: false },
    (settings) => (settings.bridge.enabled ? String(settings.bridge.windowSeconds) : 'off'),
    (settings, _profile, value) => {
      // Off keeps the window, for when it is switched on again.
      settings.bridge = value === 'off' ? { ...settings.bridge, enabled: false } : { enabled: true, windowSeconds: wholeNumber('bridge', value, BRIDGE_WINDOW_SECONDS, ', or off') };
      return value;
    },
  ),
  saved(
    uploads,
    { name: 'concurrency', takes: 'N', about: 'how many files upload at once', perProfile: false },
    (settings) => String(settings.concurrency),
    (settings, _profile, value) => String((settings.concurrency = wholeNumber('concurrency', value, CONCURRENCY_RANGE))),
  ),
  saved(
    uploads,
    { name: 'limit-rate', takes: 'BYTES[k|M]|none', about: 'the upload speed limit in bytes per second, like 500k or 2M, or none', perProfile: false },
    (settings) => rateShown(settings.speedLimit),
    (settings, _profile, value) => rateShown((settings.speedLimit = rateOption(value, 'limit-rate') ?? null)),
  ),
  saved(
    uploads,
    { name: 'upload-timetable', takes: 'HH:MM-HH:MM,BYTES[k|M]|none', about: 'full upload speed between two times of day, this limit otherwise, like 01:00-07:00,600k, or none', perProfile: false },
    (settings) => timetableShown(settings.timetable),
    (settings, _profile, value) => timetableShown((settings.timetable = timetableValue(value))),
  ),
  saved(
    profiles,
    { name: 'dialect', takes: 'spec|current', about: "the platform the profile speaks: spec (parts A and B) or current (today's platform)", perProfile: true },
    (settings, profile) => settings.profiles[profile]!.dialect,
    (settings, profile, value) => {
      const parsed = Dialect.safeParse(value);
      if (!parsed.success) throw new UsageError(`dialect is spec (the platform of parts A and B) or current (the platform as it runs today), not ${JSON.stringify(value)}`);
      settings.profiles[profile] = { ...settings.profiles[profile]!, dialect: parsed.data };
      return parsed.data;
    },
  ),
  saved(
    profiles,
    { name: 'plain-rtmp', takes: 'on|off', about: "publish over plain RTMP even where the channel's ingest offers RTMPS", perProfile: true },
    (settings, profile) => onOff(settings.profiles[profile]!.plainRtmp),
    (settings, profile, value) => {
      settings.profiles[profile] = { ...settings.profiles[profile]!, plainRtmp: switchValue('plain-rtmp', value) };
      return value;
    },
  ),
];

export function savedSetting(name: string): SavedSetting | undefined {
  return SAVED_SETTINGS.find((setting) => setting.name === name);
}

function onOff(on: boolean): 'on' | 'off' {
  return on ? 'on' : 'off';
}

function rateShown(limit: number | null): string {
  return limit === null ? 'none' : String(limit);
}

function timetableShown(timetable: UploadTimetable | null): string {
  return timetable === null ? 'none' : `${timetable.fullSpeedFrom}-${timetable.fullSpeedUntil},${timetable.otherwise}`;
}

function timetableValue(value: string): UploadTimetable | null {
  if (value === 'none') return null;
  const match = /^(\d\d:\d\d)-(\d\d:\d\d),(.+)$/.exec(value);
  const otherwise = match ? rateOption(match[3], 'upload-timetable') : null;
  const parsed = UploadTimetable.safeParse({ fullSpeedFrom: match?.[1], fullSpeedUntil: match?.[2], otherwise });
  if (!parsed.success) throw new UsageError(`upload-timetable takes the full-speed hours and the limit otherwise, like 01:00-07:00,600k (at least 1k), or none (got ${value})`);
  return parsed.data;
}

function wholeNumber(name: string, value: string, range: { readonly min: number; readonly max: number }, or = ''): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < range.min || number > range.max) throw new UsageError(`${name} takes a whole number from ${range.min} to ${range.max}${or} (got ${value})`);
  return number;
}

function switchValue(name: string, value: string): boolean {
  if (value !== 'on' && value !== 'off') throw new UsageError(`${name} is on or off, not ${JSON.stringify(value)}`);
  return value === 'on';
}

/** A profile that is not set up, in words: the ones there are, and how to set one up. */
export async function unknownProfile(files: SettingsFiles, name: string): Promise<Error> {
  const known = Object.keys((await files.profiles.load()).profiles).sort();
  return new Error(`There is no profile called ${name}; the profiles are ${known.join(', ')}. Set one up with \`companion --profile ${name} login --api-url URL --auth-url URL --client-id ID\`.`);
}
