// `companion sandbox` as a user runs it: the ready line scripts rely on, and --state surviving a restart.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommand } from '../../support/built-cli.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'companion-sandbox-cli-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function passwordGrant(ready: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${String(ready.auth_url)}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: String(ready.client_id), client_secret: String(ready.client_secret), username: String(ready.username), password: String(ready.password) }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('companion sandbox', () => {
  it('prints one ready line with every address and the demo credentials', async () => {
    const sandbox = await startCommand(['sandbox', '--data-dir', join(dir, 'data-1')]);
    try {
      expect(Object.keys(sandbox.ready).sort()).toEqual(['admin_key', 'api_url', 'auth_url', 'client_id', 'client_secret', 'event', 'ftp_url', 'password', 'rtmp_url', 'rtmps_ca_file', 'rtmps_url', 'username'].sort());
      expect(sandbox.ready.api_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.ready.auth_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.ready.ftp_url).toMatch(/^ftp:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.ready.rtmp_url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
      expect(sandbox.ready.rtmps_url).toMatch(/^rtmps:\/\/127\.0\.0\.1:\d+\/live$/);
      // The TLS ingest's authority, public, for encoders outside the app (ffmpeg -ca_file).
      expect(sandbox.ready.rtmps_ca_file).toBe(join(dir, 'data-1', 'rtmps-ca.pem'));
      expect(await readFile(String(sandbox.ready.rtmps_ca_file), 'utf8')).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
      expect(sandbox.ready.client_id).toMatch(/^[0-9a-f]{40}$/);
      const token = await passwordGrant(sandbox.ready);
      const channels = await fetch(`${String(sandbox.ready.api_url)}/users/self/channels.json`, { headers: { Authorization: `Bearer ${token}` } });
      expect(channels.status).toBe(200);
      // The operator revokes the token over HTTP, as the user would on the website.
      const revoke = (key: string) => fetch(`${String(sandbox.ready.api_url)}/_sandbox/tokens/${token}/revoke`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
      expect((await revoke('not-the-key')).status).toBe(401);
      expect((await revoke(String(sandbox.ready.admin_key))).status).toBe(204);
      const after = await fetch(`${String(sandbox.ready.api_url)}/users/self/channels.json`, { headers: { Authorization: `Bearer ${token}` } });
      expect(after.status).toBe(401);
    } finally {
      expect(await sandbox.stop()).toBe(0);
    }
    expect(sandbox.lines.at(-1)).toEqual({ event: 'stopped', signal: 'SIGTERM' });
  });

  it('keeps its state across restarts with --state, holding no password, access token or MAC key', async () => {
    const state = join(dir, 'state.json');
    const first = await startCommand(['sandbox', '--state', state, '--data-dir', join(dir, 'data-2')]);
    let token: string;
    try {
      token = await passwordGrant(first.ready);
      const created = await fetch(`${String(first.ready.api_url)}/users/self/channels.json`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ title: 'Persisted Channel' }),
      });
      expect(created.status).toBe(201);
    } finally {
      await first.stop();
    }
    const text = await readFile(state, 'utf8');
    expect(text).not.toContain(String(first.ready.password));
    expect(text).not.toContain(token);

    const second = await startCommand(['sandbox', '--state', state, '--data-dir', join(dir, 'data-2')]);
    try {
      expect(second.ready.client_id).toBe(first.ready.client_id);
      const list = await fetch(`${String(second.ready.api_url)}/users/self/channels.json?q=persisted`, { headers: { Authorization: `Bearer ${token}` } });
      expect(list.status).toBe(200);
      const body = (await list.json()) as { channels: { title: string }[] };
      expect(body.channels.map((channel) => channel.title)).toEqual(['Persisted Channel']);
    } finally {
      await second.stop();
    }
  });
});
