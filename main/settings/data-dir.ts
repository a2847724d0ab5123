// Where the app keeps its settings and journals (never secrets): COMPANION_DATA_DIR, else the OS's
// per-user application data folder.
import { homedir } from 'node:os';
import { join } from 'node:path';

const FOLDER = 'broadcaster-companion';

export function dataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.COMPANION_DATA_DIR) return env.COMPANION_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), FOLDER);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', FOLDER);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), FOLDER);
}

/** The OS's folder, whatever COMPANION_DATA_DIR says. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  return dataDir({ ...env, COMPANION_DATA_DIR: '' }, platform);
}
