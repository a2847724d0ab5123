// The logger a shell (the Electron app, browser mode, a command) makes once for its process: every line
// goes to the rotating log file and, at the shell's own level, to the console. One redacting logger per
// process, so a secret the vault registers is redacted on both, and in what the shell prints last (an error).
import { join } from 'node:path';
import { createLogger, type Logger, type LogFields, type LogLevel, type LogSink } from './redacting-logger.js';
import { rotatingFileSink } from './rotating-file-sink.js';

/** Where the app's log files are: beside its settings, so `companion diagnostics` finds the app's logs too. */
export function logDirectoryFor(dataDirectory: string): string {
  return join(dataDirectory, 'logs');
}

export interface AppLoggerOptions {
  readonly directory: string;
  /** The console stream (stderr). */
  readonly console: LogSink;
  /** Default `info`; commands pass `warn`, so their output stays theirs. */
  readonly consoleLevel?: LogLevel;
}

export interface AppLogger extends Logger {
  /** The log folder, for diagnostics. */
  readonly directory: string;
  close(): void;
}

export function createAppLogger({ directory, console, consoleLevel = 'info' }: AppLoggerOptions): AppLogger {
  const consoleLogger = createLogger({ sink: console, level: consoleLevel });
  const file = rotatingFileSink({
    directory,
    onFailure: (error) => consoleLogger.warn('The log file cannot be written; logging to the console only.', { directory, error }),
  });
  // The file keeps info and above whatever the console shows: it is what a bug report needs.
  const fileLogger = createLogger({ sink: file, level: 'info' });
  const both = (write: (logger: Logger) => void) => {
    write(fileLogger);
    write(consoleLogger);
  };
  return {
    directory,
    debug: (message: string, fields?: LogFields) => both((logger) => logger.debug(message, fields)),
    info: (message: string, fields?: LogFields) => both((logger) => logger.info(message, fields)),
    warn: (message: string, fields?: LogFields) => both((logger) => logger.warn(message, fields)),
    error: (message: string, fields?: LogFields) => both((logger) => logger.error(message, fields)),
    registerSecret: (value: string) => both((logger) => logger.registerSecret(value)),
    redact: (text: string) => fileLogger.redact(text),
    close: () => file.close(),
  };
}
