// `companion settings set KEY VALUE` and `companion settings get [KEY]`: the saved settings the app opens
// with, changed only here (issue 22: the other commands' options hold for their own run). Per-profile
// settings belong to the active profile, or to --profile's.
import { dataDir } from '../settings/data-dir.js';
import { emitJson, UsageError, type Command, type CommandContext } from './command-context.js';
import { SAVED_SETTINGS, savedSetting, settingsFiles, unknownProfile, type SavedSetting, type SettingsFiles } from './saved-settings.js';

const keys = SAVED_SETTINGS.map((setting) => `    ${`${setting.name} ${setting.takes}`.padEnd(28)}${setting.about}${setting.perProfile ? ' (per profile)' : ''}`).join('\n');

export const settingsCommand: Command = {
  synopsis: `settings get [KEY] | settings set KEY VALUE
                             show or change a saved setting the app opens with:\n${keys}`,
  options: {},
  async run(context, _values, positionals) {
    const [action, name, value, ...more] = positionals;
    const files = settingsFiles(dataDir(), (message) => context.logger.warn(message));
    if (action === 'get' || action === 'list') {
      if (value !== undefined) throw new UsageError(`settings ${action} takes at most one setting's name (got ${positionals.slice(1).join(' ')})`);
      const shown = name === undefined || action === 'list' ? SAVED_SETTINGS : [known(name)];
      for (const setting of shown) await show(context, files, setting, name !== undefined);
      return 0;
    }
    if (action === 'set') {
      if (name === undefined || value === undefined || more.length > 0) throw new UsageError('settings set takes a setting and its value: companion settings set record-when-live on');
      const setting = known(name);
      const profile = await profileOf(context, files, setting);
      const saved = await setting.set(files, profile, value);
      if (context.json) emitJson(context, 'setting-saved', { key: setting.name, value: saved, ...(setting.perProfile ? { profile } : {}) });
      else context.out.write(`Saved: ${setting.name} is ${saved}${setting.perProfile ? ` for profile ${profile}` : ''}. The app opens with it from its next start, and commands use it from now on.\n`);
      return 0;
    }
    throw new UsageError(action === undefined ? 'settings needs get or set: companion settings get, companion settings set KEY VALUE' : `settings knows get and set, not ${JSON.stringify(action)}`);
  },
};

function known(name: string): SavedSetting {
  const setting = savedSetting(name);
  if (!setting) throw new UsageError(`there is no setting called ${JSON.stringify(name)}; the settings are ${SAVED_SETTINGS.map((one) => one.name).join(', ')}`);
  return setting;
}

/** --profile, else the profile the app opens with; it must be set up. */
async function profileOf(context: CommandContext, files: SettingsFiles, setting: SavedSetting): Promise<string> {
  const saved = await files.profiles.load();
  const profile = context.profile ?? saved.active;
  if (setting.perProfile && !saved.profiles[profile]) throw await unknownProfile(files, profile);
  return profile;
}

async function show(context: CommandContext, files: SettingsFiles, setting: SavedSetting, alone: boolean): Promise<void> {
  const profile = await profileOf(context, files, setting);
  const value = await setting.get(files, profile);
  if (context.json) emitJson(context, 'setting', { key: setting.name, value, ...(setting.perProfile ? { profile } : {}) });
  // One setting asked for: its value alone, for a script; all of them: a table to read.
  else context.out.write(alone ? `${value}\n` : `${`${setting.name.padEnd(18)}${value.padEnd(10)}${setting.perProfile ? ` (profile ${profile})` : ''}`.trimEnd()}\n`);
}
