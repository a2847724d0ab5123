// The local ingest's saved port is held by another program (nginx-rtmp, another app): the live service
// listens on the next free port for this run, says so in its state and the log, keeps the saved setting,
// and a real encoder can publish to the address it names. Any other listen failure stays an error. A port
// chosen in the app moves the ingest at once and is saved; a taken one leaves it where it was and offers
// the next free port.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contract, LiveState } from '../../../preload/contract.js';
import { LiveService } from '../../../main/live/live-service.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { ChannelChoices } from '../../../main/admin/channels/channel-choices.js';
import type { SessionService } from '../../../main/session/session-service.js';
import { LiveSettingsStore } from '../../../main/settings/live-settings.js';
import { ContractEvents } from '../../../main/typed-emitter.js';
import { Encoders } from '../../support/synthetic-encoder.js';

const KEY = 'local_key_busy_port';
const encoders = new Encoders();
let dir: string;
let service: LiveService | null = null;
const held: Server[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'companion-busy-ingest-'));
  // node-media-server prints with console.log unless told otherwise.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(async () => {
  encoders.killAll();
  await service?.close();
  service = null;
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await rm(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** The live settings with this ingest port saved. */
async function savedPort(port: number): Promise<LiveSettingsStore> {
  const settings = new LiveSettingsStore(dir, () => undefined);
  await settings.update((saved) => {
    saved.ingestPort = port;
  });
  return settings;
}

/** A loopback port free a moment ago. */
async function freePort(): Promise<number> {
  const port = await holdPort();
  const server = held.pop()!;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A real listener on a free loopback port, standing for the other program. */
async function holdPort(port = 0): Promise<number> {
  const server = createServer((socket) => socket.destroy());
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  held.push(server);
  return (server.address() as AddressInfo).port;
}

function liveService(settings: LiveSettingsStore, logLines: string[], onChange: (state: LiveState) => void = () => undefined, ingestHost?: string, ingestPort?: number): LiveService {
  const session = { profileName: 'sandbox', currentStatus: () => 'signed-out', events: new ContractEvents<Contract>() } as unknown as SessionService;
  const service = new LiveService({
    session,
    platformApi: () => Promise.reject(new Error('no platform in this test')),
    channelChoices: new ChannelChoices(session),
    keySlot: () => ({ localIngestKey: { read: async () => KEY, save: async () => undefined }, streamKeys: { read: async () => null, save: async () => undefined, forget: async () => false } }),
    settings,
    logger: createLogger({ sink: { write: (line) => logLines.push(line) }, level: 'info' }),
    ingestHost,
    ingestPort,
  });
  service.events.on('live', onChange);
  return service;
}

describe('the local ingest port is taken', () => {
  it('listens on another port for this run, says so, keeps the setting, and an encoder publishes there', async () => {
    const busy = await holdPort();
    const settings = await savedPort(busy);
    const logLines: string[] = [];
    const states: LiveState[] = [];
    service = liveService(settings, logLines, (state) => states.push(state));
    await service.open();

    const { ingest } = service.state();
    expect(ingest.error).toBeNull();
    const port = Number(new URL(ingest.url!.replace(/^rtmp:/, 'http:')).port);
    expect(port).not.toBe(busy);
    expect(ingest.url).toBe(`rtmp://127.0.0.1:${port}/live`);
    expect(ingest.note).toBe(`Port ${busy} is used by another program, so the local ingest listens on ${port} for this run: point your encoder at rtmp://127.0.0.1:${port}/live`);
    expect(logLines.some((line) => line.includes('"level":"warn"') && line.includes(`Port ${busy} is used by another program`))).toBe(true);
    expect((await settings.load()).ingestPort).toBe(busy);

    // A real encoder at the address the note gives is taken (the encoder-connected state).
    encoders.publish(`${ingest.url}/${KEY}`, 8);
    await vi.waitFor(() => expect(service!.state().encoder?.connected).toBe(true), { timeout: 10_000, interval: 100 });
  });

  it('moves past several taken ports to the next free one', async () => {
    // Two neighbouring ports held: find a pair that is free to hold.
    let first = 0;
    for (let attempt = 0; attempt < 5 && first === 0; attempt += 1) {
      const candidate = await holdPort();
      try {
        await holdPort(candidate + 1);
        first = candidate;
      } catch {
        // The neighbour was taken already; try another pair.
      }
    }
    expect(first).not.toBe(0);
    const settings = await savedPort(first);
    service = liveService(settings, []);
    await service.open();
    const { ingest } = service.state();
    expect(ingest.error).toBeNull();
    expect(ingest.url).not.toContain(`:${first}/`);
    expect(ingest.url).not.toContain(`:${first + 1}/`);
    expect(ingest.note).toContain(`Port ${first} is used by another program`);
  });

  it('the saved port free: no note', async () => {
    const settings = await savedPort(0);
    service = liveService(settings, []);
    await service.open();
    expect(service.state().ingest).toMatchObject({ error: null, note: null });
    expect(service.state().ingest.url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  });

  it('another listen failure (an address this machine does not have) stays an error, with no port tried after it', async () => {
    const settings = new LiveSettingsStore(dir, () => undefined);
    const logLines: string[] = [];
    // 192.0.2.1 is TEST-NET-1: never a local address, so binding it fails with EADDRNOTAVAIL.
    service = liveService(settings, logLines, () => undefined, '192.0.2.1');
    await service.open();
    const { ingest } = service.state();
    expect(ingest.url).toBeNull();
    expect(ingest.note).toBeNull();
    expect(ingest.error).toMatch(/^The local ingest could not listen on port 1935 \(.*EADDRNOTAVAIL.*\)\. Choose another port, above 1023\.$/);
  });
});

describe('a port chosen in the app', () => {
  it('the taken port at start: its replacement is offered, and using it saves it with no restart of the ingest', async () => {
    const busy = await holdPort();
    const settings = await savedPort(busy);
    service = liveService(settings, []);
    await service.open();
    const { ingest } = service.state();
    const taken = Number(new URL(ingest.url!.replace(/^rtmp:/, 'http:')).port);
    expect(ingest).toMatchObject({ freePort: taken, savedPort: busy, runPort: null });

    const after = await service.setIngestPort(taken);
    expect(after.ingest).toMatchObject({ url: ingest.url, note: null, error: null, freePort: null, savedPort: taken });
    expect((await settings.load()).ingestPort).toBe(taken);
  });

  it("moves the ingest at once, replaces this run's port, and an encoder publishes at the new address", async () => {
    const settings = new LiveSettingsStore(dir, () => undefined);
    // Started as `ui --ingest-port 0` starts it: this run's port instead of the saved one.
    service = liveService(settings, [], undefined, undefined, 0);
    await service.open();
    const before = service.state().ingest;
    expect(before).toMatchObject({ runPort: 0, savedPort: 1935 });
    const wanted = await freePort();
    const after = await service.setIngestPort(wanted);
    expect(after.ingest).toMatchObject({ url: `rtmp://127.0.0.1:${wanted}/live`, error: null, runPort: null, savedPort: wanted });
    expect(after.checklist.length).toBeGreaterThan(0);
    expect((await settings.load()).ingestPort).toBe(wanted);
    // The old address no longer takes anyone; the new one does.
    encoders.publish(`rtmp://127.0.0.1:${wanted}/live/${KEY}`, 8);
    await vi.waitFor(() => expect(service!.state().encoder?.connected).toBe(true), { timeout: 10_000, interval: 100 });
  });

  it('a taken port leaves the ingest where it was, says so and offers the next free one', async () => {
    const settings = await savedPort(0);
    service = liveService(settings, []);
    await service.open();
    const where = service.state().ingest.url;
    const busy = await holdPort();
    const after = await service.setIngestPort(busy);
    expect(after.ingest.url).toBe(where);
    expect(after.ingest.error).toBe(`Port ${busy} is used by another program.`);
    expect(after.ingest.freePort).toBeGreaterThan(busy);
    expect(after.ingest.savedPort).toBe(0);
    expect((await settings.load()).ingestPort).toBe(0);

    const offered = after.ingest.freePort!;
    const moved = await service.setIngestPort(offered);
    expect(moved.ingest).toMatchObject({ url: `rtmp://127.0.0.1:${offered}/live`, error: null, freePort: null, savedPort: offered });
  });
});
