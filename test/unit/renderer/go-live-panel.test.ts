// @vitest-environment happy-dom
// The Go live panel's new parts, rendered from live states as the core sends them: the destinations
// (the channel first, an extra one with its failure and countdown), the add-destination form (the key in a
// password field, sent with the address), the plot (its lines broken where nothing was measured, its
// marks listed), the bridge's countdown, and the safety-copy switch.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveState } from '../../../preload/contract.js';
import { liveState, target } from '../desktop/status-fixtures.js';
import { connectFakeBridge } from './fake-bridge.js';
import { mount, type Mounted } from './mounted.js';

const bridge = connectFakeBridge({ live: { state: vi.fn(), channels: vi.fn(), addDestination: vi.fn(), setSafetyCopy: vi.fn() }, app: {}, keychain: {} });
const { GoLivePanel } = await import('../../../renderer/src/panels/go-live/go-live-panel');
const { linePath } = await import('../../../renderer/src/panels/go-live/health-plot');
const { initialLiveState, useLiveStore } = await import('../../../renderer/src/state/live-slice');

const NOW = Date.UTC(2026, 0, 1, 12);

type Destination = LiveState['destinations'][number];

function destination(id: string, change: Partial<Destination> = {}): Destination {
  return { id, label: id, kind: 'rtmp', enabled: true, state: 'idle', bitrateKbps: null, reconnects: 0, lastFailure: null, nextRetryAt: null, targets: [], ...change };
}

function onAirState(change: Record<string, unknown> = {}): LiveState {
  const ingest = { ...target('a', 'live', true), bitrateKbps: 2480, sendBufferBytes: 120_000, drainSeconds: 0.4 };
  const base = liveState({
    phase: 'live',
    targets: [ingest],
    destinations: [destination('channel', { label: 'Main', kind: 'main', state: 'live', bitrateKbps: 2480, targets: [ingest] })],
    history: {
      stepMs: 2000,
      endAt: NOW,
      input: [2500, 2510, null, 2490],
      series: [{ id: 'channel', label: 'Channel', kbps: [2480, null, null, 2470] }],
      marks: [{ at: NOW - 5000, kind: 'drop', label: 'Ingest a: The ingest closed the connection.', destination: 'a' }],
    },
  });
  return { ...base, ...change } as LiveState;
}

let mounted: Mounted;
let host: HTMLElement;

async function show(live: LiveState): Promise<void> {
  bridge.companion.live.state.mockResolvedValue(live);
  mounted = await mount(GoLivePanel);
  host = mounted.host;
}

async function type(input: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function byTestId<E extends Element = HTMLElement>(id: string): E {
  const found = host.querySelector<E>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`nothing with data-testid ${id}`);
  return found;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  useLiveStore.setState({ ...initialLiveState });
  bridge.companion.live.channels.mockResolvedValue([{ id: '7', title: 'Main', status: 'live', isDefault: true, managedFor: null }]);
});

afterEach(async () => {
  await mounted.unmount();
  vi.useRealTimers();
});

describe('the Go live panel', () => {
  it('lists the channel first, then each extra destination with its failure and next try', async () => {
    const live = onAirState();
    const extra = destination('d2', { label: 'Second platform', state: 'retrying', reconnects: 3, lastFailure: { kind: 'refused', reason: 'The server refused the stream key.' }, nextRetryAt: NOW + 7000 });
    await show({ ...live, destinations: [...live.destinations, extra] });
    const rows = [...host.querySelectorAll('[data-testid="destination-row"]')];
    expect(rows.map((row) => row.getAttribute('data-destination'))).toEqual(['channel', 'd2']);
    expect(rows[0]!.textContent).toContain('Channel: Main');
    expect(rows[0]!.textContent).toContain('2480 kb/s');
    expect(rows[0]!.textContent).toContain('120 KB (0.4 s to drain)');
    expect(rows[0]!.querySelector('[role="switch"]')).toBeNull();
    expect(rows[1]!.textContent).toContain('Last failure: refused the stream key (The server refused the stream key.)');
    expect(rows[1]!.textContent).toContain('Next try in 0:07');
    expect(rows[1]!.querySelector('[role="switch"]')).not.toBeNull();
  });

  it("says when a destination's link cannot keep up, with its backlog and what was dropped", async () => {
    const live = onAirState();
    const slow = { ...target('t', 'live', true), bitrateKbps: 1900, sendBufferBytes: 2_400_000, drainSeconds: 9.6, droppedFrames: 120, droppedGops: 2, congested: true };
    await show({ ...live, destinations: [...live.destinations, destination('d3', { label: 'Slow link', state: 'live', bitrateKbps: 1900, targets: [slow] })] });
    const row = host.querySelector('[data-destination="d3"]')!;
    expect(row.className).toBe('destination-congested');
    expect(row.textContent).toContain('live, its link cannot keep up');
    expect(row.textContent).toContain('2.4 MB (9.6 s to drain)');
    expect(row.querySelector('[data-testid="destination-dropped"]')!.textContent).toContain('120 frames and 2 GOPs dropped');
  });

  it('adds an RTMP address with its key typed into a password field', async () => {
    bridge.companion.live.addDestination.mockResolvedValue(onAirState());
    await show(onAirState());
    const form = byTestId('add-destination');
    // No other channel to choose: the address is the way.
    expect(form.querySelector<HTMLInputElement>('input[type="radio"]')!.disabled).toBe(true);
    expect(byTestId<HTMLInputElement>('destination-key').type).toBe('password');
    await type(byTestId('destination-url'), 'rtmp://live.example.com/app');
    expect(byTestId<HTMLButtonElement>('add-destination-button').disabled).toBe(true);
    await type(byTestId('destination-key'), 'sk-123');
    await type(byTestId('destination-label'), 'Second platform');
    await act(async () => byTestId<HTMLButtonElement>('add-destination-button').click());
    expect(bridge.companion.live.addDestination).toHaveBeenCalledWith({ label: 'Second platform', url: 'rtmp://live.example.com/app', key: 'sk-123' });
    expect(byTestId<HTMLInputElement>('destination-key').value).toBe('');
  });

  it('plots input and each destination, breaking lines where nothing was measured, and lists the marks', async () => {
    await show(onAirState());
    const plot = byTestId('health-plot');
    expect(plot.querySelector('svg')!.getAttribute('role')).toBe('img');
    expect(plot.querySelector('desc')!.textContent).toContain('Encoder (input): 2490 kb/s now');
    expect(plot.querySelector('[data-series="input"]')!.getAttribute('data-points')).toBe('3');
    expect(plot.querySelector('[data-series="channel"]')!.getAttribute('data-points')).toBe('2');
    // The line is named as the destination is listed.
    expect(plot.textContent).toContain('Channel: Main');
    expect(plot.querySelectorAll('[data-kind="drop"]')).toHaveLength(1);
    expect(byTestId('plot-marks').textContent).toContain('Ingest a: The ingest closed the connection.');
  });

  it('draws a path that breaks at each gap and dots a lone point', () => {
    const path = linePath([1, 2, null, 3, null, null, 4, 5], (index) => index, (kbps) => kbps);
    expect(path).toBe('M0.0 1.0 L1.0 2.0 M3.0 3.0 l0.1 0 M6.0 4.0 L7.0 5.0');
  });

  it('raises the alarm while the encoder is away: the time since, the bridge counting down, what to do; the strip stays live', async () => {
    const alarm = { kind: 'encoder-lost', since: NOW - 13_000, title: 'Encoder lost', doing: 'Holding the stream with a slate', countdown: { word: 'for', from: NOW + 2_000, until: NOW + 47_000 }, youCan: 'Check the encoder.' } as const;
    await show(onAirState({ air: { status: 'trouble', liveSince: NOW - 3_723_000, alarm }, bridge: { enabled: true, windowSeconds: 60, holdingSince: NOW - 13_000, holdingUntil: NOW + 47_000 } }));
    expect(byTestId('live-alarm').getAttribute('role')).toBe('alert');
    // The page's clock reads before the slate started (it ticks once a second): the countdown starts from the slate, not before it.
    expect(byTestId('live-alarm').textContent).toBe('Encoder lost 0:13 agoHolding the stream with a slate for 0:45Check the encoder.');
    expect(byTestId('air-status').textContent).toBe('LIVE');
    expect(byTestId('uptime').textContent).toBe('1:02:03');
    expect(byTestId('input-bitrate').textContent).toBe('encoder lost');
    expect(byTestId('channel-status').textContent).toBe('Live');
    expect(byTestId('encoder-status').textContent).toBe('lost 0:13 ago');
    expect(byTestId<HTMLInputElement>('bridge-seconds').value).toBe('60');
  });

  it('turns the safety copy on with the folder typed', async () => {
    bridge.companion.live.setSafetyCopy.mockResolvedValue(onAirState());
    await show(onAirState());
    expect(byTestId<HTMLInputElement>('safety-copy-switch').disabled).toBe(true);
    await type(byTestId('safety-copy-folder'), '/videos/safety');
    await act(async () => byTestId<HTMLInputElement>('safety-copy-switch').click());
    expect(bridge.companion.live.setSafetyCopy).toHaveBeenCalledWith({ enabled: true, folder: '/videos/safety', uploadWhenDone: false });
  });

  it('offers the finished copies for upload after the broadcast, and says what is already queued', async () => {
    const files = [
      { path: '/videos/safety/live-1.flv', bytes: 52_000_000, queued: false },
      { path: '/videos/safety/live-2.flv', bytes: 1_000_000, queued: true },
    ];
    const live = onAirState();
    await show({ ...live, phase: 'idle', safetyCopy: { ...live.safetyCopy, enabled: true, folder: '/videos/safety', files } });
    expect(byTestId('safety-copy-files').textContent).toContain('live-1.flv 52.0 MB');
    expect(byTestId('safety-copy-files').textContent).toContain('live-2.flv 1.0 MB · in the upload queue');
    expect(byTestId('safety-copy-upload').textContent).toBe('Upload the copy');
  });
});
