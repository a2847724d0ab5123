// What every command gets and declares: where to write, whether to write JSON lines for scripts, and
// its own options (parsed together with the global ones).
import type { ParseArgsConfig } from 'node:util';
import type { AppLogger } from '../log/app-logger.js';
import type { LogLevel } from '../log/redacting-logger.js';

export interface CommandContext {
  readonly json: boolean;
  /** `--profile` / COMPANION_PROFILE: the profile for this run, without changing the saved choice. */
  readonly profile: string | undefined;
  readonly out: NodeJS.WritableStream;
  /** stderr, through the logger's redaction: what a command says about a failure must not carry a secret. */
  readonly err: NodeJS.WritableStream;
  /** The process's logger (log file and stderr): the core and the relay log through it. */
  readonly logger: AppLogger;
}

export type OptionValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface Command {
  /** One line for the command list. */
  readonly synopsis: string;
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** How much of the log reaches stderr; default `warn`, so a command's output stays its own. */
  readonly consoleLogLevel?: LogLevel;
  /** Runs even when the data folder cannot be written (it writes nothing there that matters), and says so itself. */
  readonly toleratesUnwritableDataDir?: boolean;
  run(context: CommandContext, values: OptionValues, positionals: string[]): Promise<number>;
}

/** Bad command-line input: exit code 2 with the usage text. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function emitJson(context: CommandContext, event: string, fields: Record<string, unknown>): void {
  context.out.write(`${JSON.stringify({ event, ...fields })}\n`);
}

/** Options that each take one value, by name: `{ name: { type: 'string' } }` for each. */
export function stringOptions<const Names extends readonly string[]>(...names: Names): { readonly [Name in Names[number]]: { readonly type: 'string' } } {
  return Object.fromEntries(names.map((name) => [name, { type: 'string' }])) as { readonly [Name in Names[number]]: { readonly type: 'string' } };
}

export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function portOption(values: OptionValues, name: string): number | undefined {
  const value = stringOption(values, name);
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--${name} must be a port number from 0 to 65535 (got ${value})`);
  return port;
}

export function noPositionals(command: string, positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`${command} takes no arguments (got ${positionals.join(' ')})`);
}

/** Resolves on the first SIGINT or SIGTERM; later ones must not kill a shutdown in progress. */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.on('SIGINT', () => resolve('SIGINT'));
    process.on('SIGTERM', () => resolve('SIGTERM'));
  });
}
