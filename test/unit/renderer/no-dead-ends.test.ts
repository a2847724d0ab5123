// @vitest-environment happy-dom
// Words that ask the streamer to change something come with the control (issue 22, "no dead ends"): a
// Go live error about the channel offers "Choose a channel", which moves the focus to the channel choice;
// a taken ingest port offers the next free one, and a click moves the ingest there.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveState } from '../../../preload/contract.js';
import { liveState } from '../desktop/status-fixtures.js';
import { connectFakeBridge } from './fake-bridge.js';
import { mount, type Mounted } from './mounted.js';

const bridge = connectFakeBridge({ live: { state: vi.fn(), channels: vi.fn(), goLive: vi.fn(), setIngestPort: vi.fn() }, app: {}, keychain: {} });
const { GoLivePanel } = await import('../../../renderer/src/panels/go-live/go-live-panel');
const { initialLiveState, useLiveStore } = await import('../../../renderer/src/state/live-slice');

let mounted: Mounted;
let host: HTMLElement;

const signedInNoChannel = liveState({
  channel: null,
  checklist: [
    { step: 'signed-in', label: 'Signed in', state: 'ok', detail: null },
    { step: 'channel-chosen', label: 'Channel chosen', state: 'pending', detail: null },
  ],
  nextAction: 'Choose the channel to go live on.',
});

async function show(live: LiveState): Promise<void> {
  bridge.companion.live.state.mockResolvedValue(live);
  mounted = await mount(GoLivePanel);
  host = mounted.host;
}

function button(name: string, within: Element = host): HTMLButtonElement {
  const found = [...within.querySelectorAll('button')].find((one) => one.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  useLiveStore.setState({ ...initialLiveState });
  bridge.companion.live.channels.mockResolvedValue([{ id: '7', title: 'Main', status: 'offair', isDefault: true, managedFor: null }]);
});

afterEach(async () => {
  await mounted.unmount();
});

describe('the channel', () => {
  it('the next action asking for a channel takes the focus to the channel choice', async () => {
    await show(signedInNoChannel);
    const next = host.querySelector('[data-testid="next-action"]')!;
    expect(next.textContent).toContain('Choose the channel to go live on.');
    await act(async () => button('Choose a channel', next).click());
    expect(document.activeElement).toBe(host.querySelector('[data-testid="channel-select"]'));
  });

  it('a channel the platform says is not yours: the error offers the choice; a network error does not', async () => {
    await show(liveState());
    bridge.companion.live.goLive.mockRejectedValueOnce(Object.assign(new Error('This channel is not yours (or you no longer manage it).'), { code: 'forbidden' }));
    await act(async () => button('Go live').click());
    const alert = host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('not yours');
    await act(async () => button('Choose a channel', alert).click());
    expect(document.activeElement).toBe(host.querySelector('[data-testid="channel-select"]'));

    bridge.companion.live.goLive.mockRejectedValueOnce(Object.assign(new Error('Could not reach the platform.'), { code: 'unreachable' }));
    await act(async () => button('Go live').click());
    expect(host.querySelector('[role="alert"]')!.textContent).toContain('Could not reach');
    expect([...host.querySelector('[role="alert"]')!.querySelectorAll('button')].map((one) => one.textContent)).not.toContain('Choose a channel');
  });
});

describe('the ingest port', () => {
  it('a taken port: the words, and the free port moved to in one click', async () => {
    await show(liveState({ ingest: { ...liveState().ingest, error: 'Port 1935 is used by another program.', freePort: 1936 } }));
    bridge.companion.live.setIngestPort.mockResolvedValue(liveState({ ingest: { ...liveState().ingest, url: 'rtmp://127.0.0.1:1936/live', savedPort: 1936 } }));
    const alert = host.querySelector('[data-testid="ingest-error"]')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Port 1935 is used by another program.');
    await act(async () => button('Use 1936', alert).click());
    expect(bridge.companion.live.setIngestPort).toHaveBeenCalledWith(1936);
    expect(host.querySelector('[data-testid="ingest-url"]')!.textContent).toContain('rtmp://127.0.0.1:1936/live');
    expect(host.querySelector('[data-testid="ingest-error"]')).toBeNull();
  });
});
