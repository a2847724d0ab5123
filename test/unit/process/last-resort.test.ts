// The last-resort handlers: an uncaught exception or an unhandled rejection is logged, redacted, and
// the process goes on; a storm is logged in part.
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { installLastResort } from '../../../main/last-resort.js';
import { createLogger } from '../../../main/log/redacting-logger.js';

const run = promisify(execFile);
/** The built module: the child is plain Node. */
const lastResortModule = fileURLToPath(new URL('../../../build/main/last-resort.js', import.meta.url));

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ sink: { write: (line: string) => void lines.push(line) } });
  return { lines, logger };
}

describe('installLastResort', () => {
  it('logs an uncaught exception and an unhandled rejection through the redacting logger', () => {
    const { lines, logger } = capture();
    logger.registerSecret('stream_key_12345');
    const target = new EventEmitter();
    const remove = installLastResort({ logger, target });
    target.emit('uncaughtException', new TypeError('Invalid URL near stream_key_12345'), 'uncaughtException');
    target.emit('unhandledRejection', new Error('nobody waited'), Promise.resolve());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('the app keeps running');
    expect(lines[0]).toContain('Invalid URL');
    expect(lines[0]).not.toContain('stream_key_12345');
    expect(lines[1]).toContain('nobody waited');
    remove();
    expect(target.listenerCount('uncaughtException')).toBe(0);
    expect(target.listenerCount('unhandledRejection')).toBe(0);
  });

  it('logs at most so many a minute, then says how many it left out', () => {
    const { lines, logger } = capture();
    const target = new EventEmitter();
    let now = 0;
    installLastResort({ logger, target, maxLinesPerMinute: 3, now: () => now });
    for (let index = 0; index < 10; index++) target.emit('uncaughtException', new Error(`storm ${index}`), 'uncaughtException');
    expect(lines).toHaveLength(3);
    now = 61_000;
    target.emit('uncaughtException', new Error('later'), 'uncaughtException');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toContain('7 more unexpected errors were not logged');
    expect(lines[4]).toContain('later');
  });

  it('keeps a real process running after a throw in a socket handler and a rejected promise', async () => {
    if (!existsSync(lastResortModule)) throw new Error(`${lastResortModule} is missing: run \`npm run build\` (npm test builds first).`);
    const script = `
      const { installLastResort } = await import(${JSON.stringify(lastResortModule)});
      installLastResort({ logger: { error: (message, fields) => console.log('LOGGED', message, String(fields.error)) } });
      const { createServer, connect } = await import('node:net');
      const server = createServer((socket) => socket.on('data', () => { throw new TypeError('Invalid URL'); })).listen(0, '127.0.0.1', () => {
        const client = connect(server.address().port, '127.0.0.1', () => client.write('x'));
      });
      void Promise.reject(new Error('unhandled'));
      setTimeout(() => { console.log('ALIVE'); process.exit(0); }, 500);
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { timeout: 10_000 });
    expect(stdout).toContain('LOGGED An unexpected error was caught; the app keeps running TypeError: Invalid URL');
    expect(stdout).toContain('LOGGED A promise failed and nothing handled it; the app keeps running Error: unhandled');
    expect(stdout).toContain('ALIVE');
  });
});
