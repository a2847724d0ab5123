// The terminal's browser opener: which command per platform, and each outcome told rather than thrown.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openerFor, openInBrowser } from '../../../main/cli/open-in-browser.js';

const dir = mkdtempSync(join(tmpdir(), 'companion-opener-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('openerFor', () => {
  it('xdg-open on Linux, open on macOS, the URL handler on Windows, $BROWSER first', () => {
    expect(openerFor('linux', {})).toEqual({ command: 'xdg-open', args: [] });
    expect(openerFor('freebsd', {})).toEqual({ command: 'xdg-open', args: [] });
    expect(openerFor('darwin', {})).toEqual({ command: 'open', args: [] });
    expect(openerFor('win32', {})).toEqual({ command: 'rundll32.exe', args: ['url.dll,FileProtocolHandler'] });
    expect(openerFor('linux', { BROWSER: 'firefox' })).toEqual({ command: 'firefox', args: [] });
  });
});

describe('openInBrowser', () => {
  const url = 'http://127.0.0.1:9/authorize?client_id=x&state=y';

  it('an opener that is not installed is told, not thrown', async () => {
    expect(await openInBrowser(url, { env: { BROWSER: join(dir, 'missing-opener') } })).toEqual({ opened: false, reason: `${join(dir, 'missing-opener')} is not installed` });
  });

  it('an opener that fails names its exit code', async () => {
    const failing = script('failing', 'exit 4');
    expect(await openInBrowser(url, { env: { BROWSER: failing } })).toEqual({ opened: false, reason: `${failing} could not open a browser (exit code 4)` });
  });

  it('an opener still running (a browser itself) counts as opened after a bounded wait', async () => {
    const lingering = script('lingering', 'exec sleep 5');
    const started = Date.now();
    expect(await openInBrowser(url, { env: { BROWSER: lingering }, settleMs: 200 })).toEqual({ opened: true });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('passes the address as one argument, & and all', async () => {
    const record = join(dir, 'record.txt');
    const recording = script('recording', `printf '%s' "$1" > '${record}'`);
    expect(await openInBrowser(url, { env: { BROWSER: recording } })).toEqual({ opened: true });
    expect(readFileSync(record, 'utf8')).toBe(url);
  });

  it('opens only web addresses', async () => {
    expect(await openInBrowser('file:///etc/passwd', { env: { BROWSER: script('never', 'exit 0') } })).toEqual({ opened: false, reason: 'only web addresses are opened' });
  });
});
