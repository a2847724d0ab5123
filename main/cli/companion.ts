#!/usr/bin/env node
// The `companion` command. Each command lives in its own module and declares its options; this file
// finds the command, parses its options together with the global ones, and maps outcomes to exit codes.
import { parseArgs } from 'node:util';
import packageJson from '../../package.json' with { type: 'json' };
import { createAppLogger, logDirectoryFor } from '../log/app-logger.js';
import { createLogger } from '../log/redacting-logger.js';
import { dataDir } from '../settings/data-dir.js';
import { checkDataDir } from '../settings/data-dir-check.js';
import { UsageError, type Command, type CommandContext } from './command-context.js';
import { apiCommand } from './api-command.js';
import { explainedParseError, unknownCommand } from './argument-errors.js';
import { channelsCommand } from './channels-command.js';
import { inCommandLineWords } from './command-line-words.js';
import { diagnosticsCommand } from './diagnostics-command.js';
import { liveCommand, relayCommand } from './live-commands.js';
import { profileCommand } from './profile-command.js';
import { recordCommand } from './record-command.js';
import { redactingStream } from './redacting-stream.js';
import { sandboxCommand } from './sandbox-command.js';
import { settingsCommand } from './settings-command.js';
import { loginCommand, logoutCommand, whoamiCommand } from './session-commands.js';
import { uiCommand } from './ui-command.js';
import { uploadCommand } from './upload-command.js';

const commands: Record<string, Command> = {
  ui: uiCommand,
  sandbox: sandboxCommand,
  login: loginCommand,
  logout: logoutCommand,
  whoami: whoamiCommand,
  api: apiCommand,
  channels: channelsCommand,
  live: liveCommand,
  relay: relayCommand,
  record: recordCommand,
  upload: uploadCommand,
  diagnostics: diagnosticsCommand,
  profile: profileCommand,
  settings: settingsCommand,
};

const globalOptions = {
  json: { type: 'boolean', default: false },
  profile: { type: 'string' },
  help: { type: 'boolean', default: false },
  version: { type: 'boolean', default: false },
} as const;

const usage = `Usage: companion [--json] <command> [options]

Commands:
${Object.entries(commands)
  .map(([, command]) => `  ${command.synopsis}`)
  .join('\n')}

Options:
  --json            one JSON object per line, each with an "event" field
  --profile NAME    use this profile for this run (or COMPANION_PROFILE); COMPANION_DATA_DIR moves settings.
                    Options hold for their run only: \`profile use\` and \`settings set\` change what the app opens with
  --username U --password-stdin
                    (api, channels, live, record, upload) sign in first, for this run: how those
                    commands work where no keychain keeps the sign-in of \`companion login\`
  --version         print the version
  --help            this text

Exit codes: 0 ok, 1 failed, 2 usage.
`;

/** Every option any command takes, so that the first look at the line does not take an option's value for the command. */
const everyOption = Object.assign({}, ...Object.values(commands).map((command) => command.options), globalOptions) as typeof globalOptions;

/** Whether the line asks for JSON lines: then errors are told as an `error` event too. */
let jsonAsked = false;

async function main(argv: string[]): Promise<number> {
  const first = parseArgs({ args: argv, options: everyOption, allowPositionals: true, strict: false });
  jsonAsked = first.values.json === true;
  const name = first.positionals[0];
  if (first.values.version === true) {
    process.stdout.write(`${packageJson.version}\n`);
    return 0;
  }
  if (name === undefined) {
    process.stdout.write(usage);
    return first.values.help === true ? 0 : 2;
  }
  const command = commands[name];
  if (!command) throw unknownCommand(name, Object.keys(commands));
  const options = { ...globalOptions, ...command.options };
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw explainedParseError(error, name, Object.keys(options));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`Usage: companion ${command.synopsis}\n`);
    return 0;
  }
  const profile = typeof values.profile === 'string' ? values.profile : process.env.COMPANION_PROFILE || undefined;
  // Before the log file: a folder that cannot be written stops here with one sentence (DataDirError, shown
  // below as `companion: …`), not with the first writer's stack trace.
  const directory = dataDir();
  if (!command.toleratesUnwritableDataDir) checkDataDir(directory);
  const logger = createAppLogger({ directory: logDirectoryFor(directory), console: process.stderr, consoleLevel: command.consoleLogLevel ?? 'warn' });
  const context: CommandContext = { json: values.json === true, profile, out: process.stdout, err: redactingStream(process.stderr, logger.redact), logger };
  try {
    return await command.run(context, values, positionals.slice(1));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // Redacted with every secret this run saw (the vault registered them with this logger).
    tellError('failed', logger.redact(errorMessage(error)));
    return 1;
  } finally {
    logger.close();
  }
}

/** The error in a sentence on stderr and, under --json, as an `error` event on stdout for scripts. */
function tellError(kind: 'usage' | 'failed', said: string, more = ''): void {
  const message = inCommandLineWords(said);
  if (jsonAsked) process.stdout.write(`${JSON.stringify({ event: 'error', kind, message })}\n`);
  process.stderr.write(`companion: ${message}\n${more}`);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Before a command runs there is no secret to know by value, but the shapes (tokens in URLs, headers) still count. */
const redactShapes = createLogger({ sink: process.stderr }).redact;

/** Once a command has finished, whatever is still open (a bug) must not keep the process alive. */
const LINGER_LIMIT_MS = 5000;

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    setTimeout(() => {
      process.stderr.write(`companion: something was still open ${LINGER_LIMIT_MS / 1000} s after the command finished; exiting anyway.\n`);
      process.exit();
    }, LINGER_LIMIT_MS).unref();
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      tellError('usage', redactShapes(error.message), error instanceof UsageError ? '' : `\n${usage}`);
      process.exitCode = 2;
      return;
    }
    tellError('failed', redactShapes(errorMessage(error)));
    process.exitCode = 1;
  },
);
