// The bridge as going live uses it: the saved switch and window, this run's override, the bridge put in
// front of the ingest (or not), and the holding times the live state shows; and the live service's
// setBridge and LiveState.bridge over it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contract } from '../../../preload/contract.js';
import { ChannelChoices } from '../../../main/admin/channels/channel-choices.js';
import { LiveBridge } from '../../../main/live/live-bridge.js';
import { LiveService } from '../../../main/live/live-service.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import type { IngestSink } from '../../../main/relay/local-ingest.js';
import type { SessionService } from '../../../main/session/session-service.js';
import { LiveSettingsStore } from '../../../main/settings/live-settings.js';
import { ContractEvents } from '../../../main/typed-emitter.js';
import { packets } from '../relay/packets.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'companion-live-bridge-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

class ScriptedIngest {
  sink: IngestSink | null = null;
  subscribe(sink: IngestSink): () => void {
    this.sink = sink;
    return () => (this.sink = null);
  }
}

describe('LiveBridge', () => {
  it('is on for 60 s until changed, and keeps the change across restarts', async () => {
    const settings = new LiveSettingsStore(dir, () => undefined);
    const bridge = new LiveBridge(settings);
    bridge.load(await settings.load());
    expect(bridge.state()).toEqual({ enabled: true, windowSeconds: 60, holdingSince: null, holdingUntil: null });
    await bridge.choose({ enabled: false, windowSeconds: 30 });
    const again = new LiveBridge(new LiveSettingsStore(dir, () => undefined));
    again.load(await new LiveSettingsStore(dir, () => undefined).load());
    expect(again.state()).toMatchObject({ enabled: false, windowSeconds: 30 });
  });

  it("takes this run's choice over the saved one", async () => {
    const settings = new LiveSettingsStore(dir, () => undefined);
    const bridge = new LiveBridge(settings, { enabled: true, windowSeconds: 15 });
    await bridge.choose({ enabled: false, windowSeconds: 30 });
    expect(bridge.state()).toMatchObject({ enabled: true, windowSeconds: 15 });
  });

  it('puts the bridge in front of the ingest with no relay grace, and shows while it holds', async () => {
    const bridge = new LiveBridge(new LiveSettingsStore(dir, () => undefined), { enabled: true, windowSeconds: 20 });
    const ingest = new ScriptedIngest();
    const wrapped = await bridge.wrap(ingest, () => undefined);
    expect(wrapped.ingest).not.toBe(ingest);
    expect(wrapped.graceMs).toBe(0);
    vi.useFakeTimers({ now: 5_000_000 });
    const leave = wrapped.ingest.subscribe({ started: () => undefined, packet: () => undefined, described: () => undefined, ended: () => undefined });
    ingest.sink!.started();
    for (const packet of [packets.videoConfig(0), packets.keyframe(0), packets.audioConfig(0), packets.audio(0)]) ingest.sink!.packet(packet);
    ingest.sink!.ended('the encoder disconnected');
    expect(bridge.state()).toMatchObject({ holdingSince: 5_000_000, holdingUntil: 5_020_000 });
    // The relay stopped: nothing holds any more.
    leave();
    expect(bridge.state()).toMatchObject({ holdingSince: null, holdingUntil: null });
  });

  it('leaves the ingest alone when off (the relay keeps its own grace)', async () => {
    const bridge = new LiveBridge(new LiveSettingsStore(dir, () => undefined), { enabled: false, windowSeconds: 60 });
    const ingest = new ScriptedIngest();
    const wrapped = await bridge.wrap(ingest, () => undefined);
    expect(wrapped.ingest).toBe(ingest);
    expect(wrapped.graceMs).toBeUndefined();
  });
});

/** The keychain slots the live service asks for (the destinations' keys too, which this test never uses). */
const keySlot = { localIngestKey: { read: async () => 'local_key_bridge', save: async () => undefined }, streamKeys: { read: async () => null, save: async () => undefined, forget: async () => false } };

describe('the live service', () => {
  it('shows the bridge in its state and saves setBridge', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const session = { profileName: 'sandbox', currentStatus: () => 'signed-out', events: new ContractEvents<Contract>() } as unknown as SessionService;
    const settings = new LiveSettingsStore(dir, () => undefined);
    const service = new LiveService({
      session,
      platformApi: () => Promise.reject(new Error('no platform in this test')),
      channelChoices: new ChannelChoices(session),
      keySlot: () => keySlot,
      settings,
      logger: createLogger({ sink: { write: () => undefined }, level: 'info' }),
      ingestPort: 0,
    });
    try {
      await service.open();
      expect(service.state().bridge).toEqual({ enabled: true, windowSeconds: 60, holdingSince: null, holdingUntil: null });
      expect((await service.setBridge({ enabled: true, windowSeconds: 90 })).bridge).toMatchObject({ enabled: true, windowSeconds: 90 });
      expect((await settings.load()).bridge).toEqual({ enabled: true, windowSeconds: 90 });
    } finally {
      await service.close();
      vi.restoreAllMocks();
    }
  });
});
