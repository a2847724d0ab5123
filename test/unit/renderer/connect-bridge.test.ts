// @vitest-environment happy-dom
// The bridge is injected: importing the slices touches none, and connectBridge subscribes every slice that
// follows events (one list in connect-bridge.ts), as the slices would each alone; disconnecting undoes it.
import { describe, expect, it } from 'vitest';
import type { CompanionBridge } from '../../../preload/contract.js';
import { bridge } from '../../../renderer/src/bridge/bridge-registry';
import { connectBridge } from '../../../renderer/src/bridge/connect-bridge';

// Every slice, imported with no bridge connected: a slice that called the bridge at import would throw here.
const sliceModules = import.meta.glob<Record<string, unknown>>('../../../renderer/src/state/*-slice.ts', { eager: true });

type Connector = (companion: CompanionBridge) => () => void;

/** Each slice's `connect…` export: how it follows main's events once a bridge is injected. */
const connectors = Object.values(sliceModules).flatMap((module) =>
  Object.entries(module)
    .filter(([name, value]) => /^connect[A-Z]/.test(name) && typeof value === 'function')
    .map(([, value]) => value as Connector),
);

/** A bridge that records which events are followed and how many subscriptions are still open. */
function recordingBridge() {
  const events: string[] = [];
  let open = 0;
  const companion = {
    app: { startupNotices: () => Promise.resolve([]) },
    on: (event: string) => {
      events.push(event);
      open += 1;
      return () => (open -= 1);
    },
  } as unknown as CompanionBridge;
  return { companion, events, open: () => open };
}

describe('connectBridge', () => {
  it('no slice touches the bridge before it is connected', () => {
    expect(Object.keys(sliceModules).length).toBeGreaterThan(20);
    expect(() => bridge()).toThrow(/not connected/);
  });

  it('connects every slice that exports a connector, and disconnecting undoes it all', () => {
    const alone = recordingBridge();
    for (const connect of connectors) connect(alone.companion);
    expect(alone.events).toEqual(expect.arrayContaining(['session', 'live', 'uploads', 'notice']));

    const injected = recordingBridge();
    const disconnect = connectBridge(injected.companion);
    expect(bridge()).toBe(injected.companion);
    expect([...injected.events].sort()).toEqual([...alone.events].sort());

    disconnect();
    expect(injected.open()).toBe(0);
    expect(() => bridge()).toThrow(/not connected/);
  });
});
