// Signing in from the command line: `login` keeps the sign-in in the keychain for later commands; without a
// keychain nothing outlives a command, so the commands that call the platform can sign in for their own run
// with the same options (`--username U --password-stdin`, the password grant).
import type { Core } from '../core.js';
import type { FallbackSecretStore } from '../vault/fallback-secret-store.js';
import { UsageError, stringOption, type CommandContext, type OptionValues } from './command-context.js';

export const runSignInOptions = { username: { type: 'string' }, 'password-stdin': { type: 'boolean' } } as const;

export interface PasswordSignIn {
  readonly username: string;
  readonly password: string;
}

/** The user name and the password from standard input when the options ask for the password grant; else null. */
export async function passwordSignIn(context: CommandContext, values: OptionValues): Promise<PasswordSignIn | null> {
  const username = stringOption(values, 'username');
  if (username !== undefined && values['password-stdin'] !== true) throw new UsageError('--username needs --password-stdin (the password is read from standard input, never from the command line)');
  if (username === undefined && values['password-stdin'] === true) throw new UsageError('--password-stdin goes with --username');
  if (username === undefined) return null;
  return { username, password: await secretFromStdin(context, 'password') };
}

/** Signs the command's run in with the password grant when its options ask for it (a MAC token, broadcaster scope). */
export async function signInForThisRun(core: Core, signIn: PasswordSignIn | null): Promise<void> {
  if (signIn === null) return;
  await core.session.signInWithPassword(signIn.username, signIn.password, 'mac', ['broadcaster']);
}

/** What to do when a command finds no sign-in: `companion login`, unless no keychain can carry it over. */
export function signInAdvice(keychain: FallbackSecretStore): string {
  const state = keychain.state;
  if (state.mode !== 'memory') return 'run `companion login`, then try again';
  return `no keychain keeps a sign-in from one command to the next here (${state.reason}), so sign in within this command: add --username U --password-stdin`;
}

/** A secret given on standard input (never on the command line, where every user of the computer can read it). */
export async function secretFromStdin(context: CommandContext, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const secret = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  // Never printed, even when a platform error quotes it back.
  context.logger.registerSecret(secret);
  if (secret === '') throw new UsageError(`no ${what} arrived on standard input`);
  return secret;
}
