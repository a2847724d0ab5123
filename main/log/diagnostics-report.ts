// "Copy diagnostics": one text a streamer can paste into a bug report. It holds versions, the OS, the kinds
// of profiles (not their names or addresses) and the end of the log files, and it passes through the
// logger's redaction as a whole: a log line written by an older version, or a secret registered only now,
// must not leave the computer this way.
import { open } from 'node:fs/promises';
import { arch, release, type } from 'node:os';
import { basename } from 'node:path';
import type { AppInfo, KeychainStatus, ProfilesInfo } from '../../preload/contract.js';
import { keychainLine } from '../vault/keychain-status.js';
import { logFilesOldestFirst } from './rotating-file-sink.js';

/** Enough of the logs for the last stretch of a show, small enough to paste into an issue. */
export const DEFAULT_DIAGNOSTICS_LOG_BYTES = 256 * 1024;

export interface DiagnosticsSources {
  readonly app: AppInfo;
  readonly profiles: ProfilesInfo;
  /** Where secrets are kept this run; its line says why when there is no keychain. */
  readonly keychain: KeychainStatus;
  /** Whether the data folder can be written, when that was checked (the command does; the running app could). */
  readonly dataDir?: string;
  readonly logDirectory: string;
  readonly redact: (text: string) => string;
  readonly maxLogBytes?: number;
  readonly now?: () => Date;
}

export async function diagnosticsReport({ app, profiles, keychain, dataDir, logDirectory, redact, maxLogBytes = DEFAULT_DIAGNOSTICS_LOG_BYTES, now = () => new Date() }: DiagnosticsSources): Promise<string> {
  const kinds = profiles.profiles.map((profile) => profile.kind);
  const count = (kind: string) => kinds.filter((each) => each === kind).length;
  const active = profiles.profiles.find((profile) => profile.name === profiles.active)?.kind;
  const header = [
    `${app.name} diagnostics, ${now().toISOString()}`,
    `App: ${app.version}, running as ${app.shell}${app.shellNote ? ` (${app.shellNote})` : ''}`,
    `Runtime: Node ${app.versions.node}, Electron ${app.versions.electron ?? 'none'}, Chrome ${app.versions.chrome ?? 'none'}`,
    `OS: ${type()} ${release()} (${app.platform}, ${arch()})`,
    `Profiles: ${active === undefined ? 'the active one is not set up' : `the active one is a ${active} profile`}; ${count('sandbox')} sandbox, ${count('platform')} platform`,
    keychainLine(keychain),
    ...(dataDir === undefined ? [] : [dataDir]),
    `Logs: ${logDirectory}`,
  ];
  const sections: string[] = [];
  let budget = maxLogBytes;
  // Newest first, so the budget goes to the most recent lines; then printed oldest first.
  for (const file of logFilesOldestFirst(logDirectory).reverse()) {
    if (budget <= 0) break;
    const { text, truncated } = await tail(file, budget);
    budget -= Buffer.byteLength(text);
    sections.unshift(`--- ${basename(file)}${truncated ? ' (its end)' : ''} ---\n${text}`);
  }
  if (sections.length === 0) sections.push('--- no log files yet ---\n');
  return redact(`${header.join('\n')}\n\n${sections.join('\n')}`);
}

/** The file's last `bytes` bytes, starting at a line boundary. */
async function tail(file: string, bytes: number): Promise<{ text: string; truncated: boolean }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    let text = buffer.toString('utf8');
    if (start > 0) text = text.slice(text.indexOf('\n') + 1);
    return { text, truncated: start > 0 };
  } finally {
    await handle.close();
  }
}
