// Opens an address in the user's browser from the terminal: xdg-open on Linux (and other Unixes), open on
// macOS, the URL handler on Windows, or $BROWSER when set (as Python's webbrowser and git do). A headless
// machine has no opener or no browser behind it; the caller then prints the address instead, so the outcome
// is told, never thrown, and never waited on for long.
import { spawn } from 'node:child_process';

export type OpenOutcome = { readonly opened: true } | { readonly opened: false; readonly reason: string };

export interface Opener {
  readonly command: string;
  readonly args: readonly string[];
}

export function openerFor(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): Opener {
  if (env.BROWSER) return { command: env.BROWSER, args: [] };
  if (platform === 'darwin') return { command: 'open', args: [] };
  // Not `cmd /c start`: cmd would read the & between query parameters as a command separator.
  if (platform === 'win32') return { command: 'rundll32.exe', args: ['url.dll,FileProtocolHandler'] };
  return { command: 'xdg-open', args: [] };
}

/** An opener still running after this long has started a browser (or is one): the address is taken as opened. */
const SETTLE_MS = 5000;

export function openInBrowser(url: string, options: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv; settleMs?: number } = {}): Promise<OpenOutcome> {
  // Only a web address this app built goes to the opener, never a file path or another scheme.
  if (!/^https?:\/\//i.test(url)) return Promise.resolve({ opened: false, reason: 'only web addresses are opened' });
  const env = options.env ?? process.env;
  const { command, args } = openerFor(options.platform ?? process.platform, env);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: OpenOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, [...args, url], { stdio: 'ignore', detached: true, env });
    } catch (error) {
      // A $BROWSER that is not a command at all (bad characters) throws here instead of emitting 'error'.
      resolve({ opened: false, reason: `${command} could not be started (${error instanceof Error ? error.message : String(error)})` });
      return;
    }
    const timer = setTimeout(() => {
      child.unref();
      settle({ opened: true });
    }, options.settleMs ?? SETTLE_MS);
    child.once('error', (error: NodeJS.ErrnoException) => settle({ opened: false, reason: error.code === 'ENOENT' ? `${command} is not installed` : `${command} failed (${error.message})` }));
    child.once('exit', (code, signal) => settle(code === 0 ? { opened: true } : { opened: false, reason: `${command} could not open a browser (${signal ?? `exit code ${code}`})` }));
  });
}
