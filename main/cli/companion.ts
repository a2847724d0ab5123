#!/usr/bin/env node
// The `companion` command. Each command lives in its own module; this file parses and routes.
import { parseArgs } from 'node:util';
import { runUi } from './ui-command.js';
import { UsageError, type CommandContext } from './command-context.js';
import packageJson from '../../package.json' with { type: 'json' };

const usage = `Usage: companion [--json] <command> [options]

Commands:
  ui [--host H] [--port P]   serve the app in a browser ("browser mode"); prints the address with its token

Options:
  --json      one JSON object per line, each with an "event" field
  --version   print the version
  --help      this text
`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
      host: { type: 'string' },
      port: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.version) {
    process.stdout.write(`${packageJson.version}\n`);
    return 0;
  }
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(usage);
    return values.help ? 0 : 2;
  }
  const context: CommandContext = { json: values.json, out: process.stdout, err: process.stderr };
  switch (command) {
    case 'ui':
      if (rest.length > 0) throw new UsageError(`ui takes no positional arguments (got ${rest.join(' ')})`);
      return runUi(context, { host: values.host, port: values.port });
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`companion: ${error.message}\n\n${usage}`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`companion: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
