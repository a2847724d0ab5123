// A mistyped command line answered in words (issue 22): the nearest command or option offered, a missing
// value named, options before the command not taken for the command, and under --json every error also
// told as one `error` event on stdout, so a script reading JSON lines learns what went wrong; advice written
// for the app's panels said in the command line's own words.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearest } from '../../../main/cli/argument-errors.js';
import { runCli } from '../../support/built-cli.js';

let dataDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-words-'));
  env = { COMPANION_DATA_DIR: dataDir };
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const jsonLines = (stdout: string): Record<string, unknown>[] =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the nearest name', () => {
  it('offers a name one or two edits away, or one the word starts, and nothing for a stranger', () => {
    expect(nearest('livee', ['live', 'relay', 'login'])).toBe('live');
    expect(nearest('uplod', ['upload', 'ui'])).toBe('upload');
    expect(nearest('chan', ['channel', 'listen'])).toBe('channel');
    expect(nearest('zebra', ['live', 'relay', 'upload'])).toBeNull();
    expect(nearest('ui', ['api', 'ui'])).toBe('ui');
  });
});

describe('the companion command line', () => {
  it('offers the nearest command, and under --json says it as an error event too', async () => {
    const plain = await runCli(['uplod'], { env });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('there is no command "uplod": did you mean `companion upload`?');
    expect(plain.stdout).toBe('');

    const json = await runCli(['--json', 'livee'], { env });
    expect(json.code).toBe(2);
    expect(jsonLines(json.stdout)).toEqual([{ event: 'error', kind: 'usage', message: expect.stringContaining('did you mean `companion live`?') }]);
  });

  it("offers the nearest option of the command, and names an option whose value is missing, never Node's parseArgs text", async () => {
    const mistyped = await runCli(['live', '--chanel', '5001'], { env });
    expect(mistyped.code).toBe(2);
    expect(mistyped.stderr).toContain('`companion live` has no option --chanel: did you mean --channel?');
    expect(mistyped.stderr).not.toContain('positional argument');

    const missing = await runCli(['--json', 'live', '--channel'], { env });
    expect(missing.code).toBe(2);
    expect(jsonLines(missing.stdout)).toEqual([{ event: 'error', kind: 'usage', message: '--channel needs a value after it' }]);
  });

  it("reads options before the command as options: their values are not taken for the command's name", async () => {
    const result = await runCli(['--profile', 'elsewhere', '--api-url', 'http://127.0.0.1:9', 'whoami'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('`companion whoami` has no option --api-url');
    expect(result.stderr).not.toContain('no command');
  });

  it('tells a failure under --json as an error event after what the command said', async () => {
    // Signed out on the sandbox profile: whoami says so (its session event) and fails.
    const result = await runCli(['--json', 'channels'], { env });
    expect(result.code).toBe(1);
    const events = jsonLines(result.stdout);
    expect(events.at(-1)).toEqual({ event: 'error', kind: 'failed', message: expect.stringMatching(/sign/i) });
    expect(result.stderr).toContain(`companion: ${String(events.at(-1)!.message)}`);
  });

  it("says a panel's advice in the command line's words: no list to refresh on a terminal", async () => {
    const result = await runCli(['api', 'GET', '/videos/99999999.json', '--username', 'demo', '--password-stdin'], { env, input: 'broadcast\n' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the item does not exist (any more); check the id you gave and try again.');
    expect(result.stderr).not.toContain('refresh the list');
  });
});
