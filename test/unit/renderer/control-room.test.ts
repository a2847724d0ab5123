// @vitest-environment happy-dom
// The control room's pieces that a journey test cannot hear or time well: End stream's confirm and Undo
// window (Undo keeps the show on air, "End now" ends it at once, the window ending ends it), and the
// alarm's beep and browser notification, each once per alarm and only when chosen.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveState } from '../../../preload/contract.js';
import { liveState } from '../desktop/status-fixtures.js';
import { connectFakeBridge } from './fake-bridge.js';
import { mount, type Mounted } from './mounted.js';

const bridge = connectFakeBridge({ live: { state: vi.fn(), channels: vi.fn(), endLive: vi.fn() }, app: {}, keychain: {} });
const { GoLivePanel } = await import('../../../renderer/src/panels/go-live/go-live-panel');
const { initialLiveState, useLiveStore } = await import('../../../renderer/src/state/live-slice');
const { useConnectionStore } = await import('../../../renderer/src/state/connection-slice');

const NOW = Date.UTC(2026, 0, 1, 12);
const LOST = { kind: 'encoder-lost', since: NOW, title: 'Encoder lost', doing: 'Holding the stream with a slate', countdown: { word: 'for', from: 0, until: NOW + 60_000 }, youCan: 'Check the encoder.' } as const;

function onAir(alarm: LiveState['air']['alarm'] = null, movedOn: LiveState['air']['movedOn'] = null): LiveState {
  return liveState({ phase: 'live', air: { status: alarm ? 'trouble' : 'live', liveSince: NOW - 5000, alarm, movedOn } });
}

let mounted: Mounted;
let host: HTMLElement;

async function show(live: LiveState): Promise<void> {
  bridge.companion.live.state.mockResolvedValue(live);
  mounted = await mount(GoLivePanel);
  host = mounted.host;
}

function button(name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

async function click(name: string): Promise<void> {
  await act(async () => button(name).click());
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  localStorage.clear();
  useLiveStore.setState({ ...initialLiveState });
  bridge.companion.live.channels.mockResolvedValue([]);
  bridge.companion.live.endLive.mockReset().mockResolvedValue(liveState());
});

afterEach(async () => {
  await mounted.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('End stream', () => {
  it('asks first; Undo within the window keeps the stream, and the window running out ends it', async () => {
    await show(onAir());
    await click('End stream');
    await click('Keep streaming');
    expect(bridge.companion.live.endLive).not.toHaveBeenCalled();
    await click('End stream');
    await click('Yes, end it');
    expect(host.querySelector('[data-testid="end-pending"]')?.textContent).toContain('Ending in 0:05');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(host.querySelector('[data-testid="end-pending"]')?.textContent).toContain('Ending in 0:03');
    await click('Undo');
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(bridge.companion.live.endLive).not.toHaveBeenCalled();
    await click('End stream');
    await click('Yes, end it');
    await act(async () => vi.advanceTimersByTime(5000));
    expect(bridge.companion.live.endLive).toHaveBeenCalledTimes(1);
  });

  it('"End now" ends at once', async () => {
    await show(onAir());
    await click('End stream');
    await click('Yes, end it');
    await click('End now');
    expect(bridge.companion.live.endLive).toHaveBeenCalledTimes(1);
  });
});

describe('the alarm heard and seen', () => {
  function stubSignals() {
    const tones: number[] = [];
    const param = { value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const oscillator = { frequency: { set value(hz: number) { tones.push(hz); } }, connect: (next: unknown) => next, start: vi.fn(), stop: vi.fn() };
        return oscillator;
      }
      createGain() {
        return { gain: param, connect: (next: unknown) => next };
      }
      close() {
        return Promise.resolve();
      }
    }
    const notifications: { title: string; body: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string, options: { body: string }) {
        notifications.push({ title, body: options.body });
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.stubGlobal('Notification', FakeNotification);
    return { tones, notifications };
  }

  it('is silent by default', async () => {
    const { tones, notifications } = stubSignals();
    useConnectionStore.setState({ transport: 'browser' });
    await show(onAir());
    await act(async () => useLiveStore.setState({ live: onAir(LOST) }));
    expect([tones, notifications]).toEqual([[], []]);
  });

  it('beeps and notifies once per alarm when chosen (the choice is kept in this browser)', async () => {
    const { tones, notifications } = stubSignals();
    useConnectionStore.setState({ transport: 'browser' });
    await show(onAir());
    const switches = [...host.querySelectorAll<HTMLInputElement>('[data-testid="alarm-settings"] input')];
    expect(switches.map((input) => input.parentElement?.textContent)).toEqual(['Sound an alarm', 'Show a system notification']);
    await act(async () => switches[0]!.click());
    await act(async () => switches[1]!.click());
    expect([localStorage.getItem('companion.alarmSound'), localStorage.getItem('companion.alarmNotify')]).toEqual(['on', 'on']);
    await act(async () => useLiveStore.setState({ live: onAir(LOST) }));
    await act(async () => useLiveStore.setState({ live: onAir(LOST) }));
    expect(tones).toEqual([880, 660]);
    expect(notifications).toEqual([{ title: 'Encoder lost', body: 'Holding the stream with a slate. Check the encoder.' }]);
    // Another alarm (a later start) is signalled again.
    await act(async () => useLiveStore.setState({ live: onAir({ ...LOST, since: NOW + 1000 }) }));
    expect(tones).toHaveLength(4);
  });
});

describe('a failover that worked', () => {
  const MOVED = { since: NOW - 65_000, message: 'The stream moved to Ingest 2, because Ingest 1 failed: the connection dropped. It goes on there; nothing to do.' };

  it('is a quiet line under the strip with the time since, not an alarm, and gives way to an alarm', async () => {
    await show(onAir(null, MOVED));
    const note = host.querySelector('[data-testid="moved-on"]');
    expect(note?.getAttribute('role')).toBe('status');
    expect(note?.querySelector('p')?.textContent).toBe(`${MOVED.message} (1:05 ago)`);
    expect(host.querySelector('[data-testid="live-alarm"]')).toBeNull();
    expect(host.querySelector('[data-testid="air-status"]')?.textContent).toBe('LIVE');
    await act(async () => useLiveStore.setState({ live: onAir(LOST, MOVED) }));
    expect(host.querySelector('[data-testid="moved-on"]')).toBeNull();
    expect(host.querySelector('[data-testid="live-alarm"]')).not.toBeNull();
    await act(async () => useLiveStore.setState({ live: onAir() }));
    expect(host.querySelector('[data-testid="moved-on"]')).toBeNull();
  });

  it('can be put away, and a later move is shown again', async () => {
    await show(onAir(null, MOVED));
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid="moved-on"] button[aria-label="Dismiss"]')!.click());
    expect(host.querySelector('[data-testid="moved-on"]')).toBeNull();
    // The same move, in the next state the core sends, stays away.
    await act(async () => useLiveStore.setState({ live: onAir(null, { ...MOVED }) }));
    expect(host.querySelector('[data-testid="moved-on"]')).toBeNull();
    const later = { since: NOW - 5000, message: 'The stream moved to Ingest 1, because Ingest 2 failed: it closed the connection. It goes on there; nothing to do.' };
    await act(async () => useLiveStore.setState({ live: onAir(null, later) }));
    expect(host.querySelector('[data-testid="moved-on"] p')?.textContent).toBe(`${later.message} (0:05 ago)`);
  });
});

describe('a failed request on the Go live panel', () => {
  it('says it in words, with the technical detail main sent under Details', async () => {
    await show(onAir());
    await act(async () => useLiveStore.setState({ error: { message: 'The platform did not answer. Try again in a minute.', details: 'POST /channels/7/broadcast.json: ETIMEDOUT' } }));
    expect(host.querySelector('[data-testid="live-error"]')?.textContent).toContain('The platform did not answer. Try again in a minute.');
    expect(host.querySelector('details.error-details pre')?.textContent).toBe('POST /channels/7/broadcast.json: ETIMEDOUT');
  });
});
