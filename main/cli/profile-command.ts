// `companion profile use NAME`: the profile the app (and every command without --profile) opens with, saved
// in profiles.json; `companion profile list`: the profiles set up. --profile itself never changes it (issue 22).
import { dataDir } from '../settings/data-dir.js';
import { emitJson, UsageError, type Command } from './command-context.js';
import { settingsFiles, unknownProfile } from './saved-settings.js';

export const profileCommand: Command = {
  synopsis: 'profile list | profile use NAME\n                             list the profiles, or choose the one the app and commands open with',
  options: {},
  async run(context, _values, positionals) {
    const [action, name, ...more] = positionals;
    const files = settingsFiles(dataDir(), (message) => context.logger.warn(message));
    const store = files.profiles;
    if (action === 'list' && name === undefined) {
      const saved = await store.load();
      for (const [profile, settings] of Object.entries(saved.profiles).sort(([a], [b]) => a.localeCompare(b))) {
        const active = profile === saved.active;
        const address = settings.kind === 'platform' ? settings.apiUrl : 'the embedded sandbox';
        if (context.json) emitJson(context, 'profile', { name: profile, kind: settings.kind, dialect: settings.dialect, api_url: settings.kind === 'platform' ? settings.apiUrl : null, active });
        else context.out.write(`${active ? '*' : ' '} ${profile.padEnd(20)}${settings.dialect.padEnd(9)}${address}\n`);
      }
      return 0;
    }
    if (action === 'use') {
      if (name === undefined || more.length > 0) throw new UsageError('profile use takes one profile name: companion profile use NAME (`companion profile list` shows them)');
      const saved = await store.load();
      if (!saved.profiles[name]) throw await unknownProfile(files, name);
      await store.save({ ...saved, active: name });
      if (context.json) emitJson(context, 'profile-chosen', { name });
      else context.out.write(`The app opens with profile ${name} from its next start, and commands use it from now on (unless --profile names another).\n`);
      return 0;
    }
    throw new UsageError(action === undefined ? 'profile needs list or use: companion profile list, companion profile use NAME' : `profile knows list and use NAME, not ${positionals.join(' ')}`);
  },
};
