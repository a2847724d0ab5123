// The embedded sandbox takes the same ports at each start when they are free, so an upload cut by a crash
// resumes at the FTP address it was handed; a port taken meanwhile moves it to new ones, which it then keeps.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { connectEmbeddedSandbox, type SandboxConnection } from '../../../main/profiles/embedded-sandbox.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'companion-embedded-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const addresses = (sandbox: SandboxConnection) => ({ apiUrl: sandbox.apiUrl, authUrl: sandbox.authUrl, ftpUrl: sandbox.ftpUrl, rtmpUrl: sandbox.rtmpUrl, rtmpsUrl: sandbox.rtmpsUrl });

async function answers(apiUrl: string): Promise<number> {
  return (await fetch(`${apiUrl}/channels/0.json`, { signal: AbortSignal.timeout(5_000) })).status;
}

it('starts on the ports of its last run', async () => {
  const folder = dataFolder();
  const first = await connectEmbeddedSandbox(folder);
  const before = addresses(first);
  await first.close();
  const second = await connectEmbeddedSandbox(folder);
  cleanups.push(() => second.close());
  expect(second.owned).toBe(true);
  expect(addresses(second)).toEqual(before);
  expect(await answers(second.apiUrl)).toBe(404);
});

it('moves to new ports when one of them was taken meanwhile, and keeps those', async () => {
  const folder = dataFolder();
  const first = await connectEmbeddedSandbox(folder);
  const before = addresses(first);
  await first.close();
  // Another program takes the FTP port while the app is closed.
  const squatter: Server = createServer();
  await new Promise<void>((resolve) => squatter.listen(Number(new URL(before.ftpUrl).port), '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

  const second = await connectEmbeddedSandbox(folder);
  expect(second.ftpUrl).not.toBe(before.ftpUrl);
  expect(await answers(second.apiUrl)).toBe(404);
  const after = addresses(second);
  const saved = JSON.parse(readFileSync(join(folder, 'sandbox', 'ports.json'), 'utf8')) as Record<string, number>;
  expect(saved.ftpPort).toBe(Number(new URL(after.ftpUrl).port));
  await second.close();
  const third = await connectEmbeddedSandbox(folder);
  cleanups.push(() => third.close());
  expect(addresses(third)).toEqual(after);
});

it("hands out its TLS ingest and the authority that signed its certificate (new at each start), for the sandbox profile's trust", async () => {
  const folder = dataFolder();
  const first = await connectEmbeddedSandbox(folder);
  cleanups.push(() => first.close());
  expect(first.rtmpsUrl).toMatch(/^rtmps:\/\/127\.0\.0\.1:\d+\/live$/);
  expect(new X509Certificate(first.rtmpsCaCertificate).ca).toBe(true);
  // A second process of the same data folder (the CLI beside the app) reads both from runtime.json.
  const runtime = JSON.parse(readFileSync(join(folder, 'sandbox', 'runtime.json'), 'utf8')) as Record<string, unknown>;
  expect(runtime).toMatchObject({ rtmpsUrl: first.rtmpsUrl, rtmpsCaCertificate: first.rtmpsCaCertificate });
  expect(runtime).not.toHaveProperty('rtmpsKey');
  const saved = JSON.parse(readFileSync(join(folder, 'sandbox', 'ports.json'), 'utf8')) as Record<string, number>;
  expect(saved.rtmpsPort).toBe(Number(new URL(first.rtmpsUrl).port));
});
