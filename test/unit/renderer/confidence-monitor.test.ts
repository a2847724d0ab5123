// @vitest-environment happy-dom
// The confidence monitor where the browser has no WebCodecs (happy-dom has no VideoDecoder, as an old
// browser): it asks main for the picture every 2 s only while the encoder is connected, and says "No
// preview" with the reason in words. The picture itself is checked in a real Chromium (e2e).
import { act } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { LivePreview, LiveState } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';
import { mount, type Mounted } from './mounted.js';

const bridge = connectFakeBridge({ livePreview: { latest: vi.fn() } });
const { ConfidenceMonitor } = await import('../../../renderer/src/panels/go-live/confidence-monitor');
const { initialLiveState, useLiveStore } = await import('../../../renderer/src/state/live-slice');
const { initialLivePreviewState, useLivePreviewStore } = await import('../../../renderer/src/state/live-preview-slice');

const picture: LivePreview = { codec: 'avc1.64001f', width: 640, height: 360, description: 'AWQAH//hAA==', keyframe: 'AAAAAWU=', at: 1000 };

let mounted: Mounted;
let host: HTMLElement;

const LOST = { kind: 'encoder-lost', since: 5000, title: 'Encoder lost', doing: 'Holding the stream with a slate', countdown: null, youCan: 'Check the encoder.' } as const;
const NO_BRIDGE = { enabled: true, windowSeconds: 60, holdingSince: null, holdingUntil: null };

async function show(encoderConnected: boolean, air: Partial<LiveState['air']> = {}, bridge: LiveState['bridge'] = NO_BRIDGE): Promise<void> {
  useLiveStore.setState({
    live: {
      encoder: { connected: encoderConnected, codecs: 'h264', bitrateKbps: null, fps: null, keyframeIntervalSeconds: null },
      air: { status: 'live', liveSince: 1000, alarm: null, movedOn: null, ...air },
      bridge,
    } as LiveState,
  });
  mounted = await mount(ConfidenceMonitor);
  host = mounted.host;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  useLiveStore.setState({ ...initialLiveState });
  useLivePreviewStore.setState({ ...initialLivePreviewState });
  bridge.companion.livePreview.latest.mockReset().mockResolvedValue(picture);
});

afterEach(async () => {
  await mounted.unmount();
  vi.useRealTimers();
});

it('says "No preview" and why when the browser cannot decode H.264, asking again every 2 s', async () => {
  expect(typeof (globalThis as { VideoDecoder?: unknown }).VideoDecoder).toBe('undefined');
  await show(true);
  expect(host.textContent).toContain('No preview');
  expect(host.textContent).toContain('This browser cannot show H.264 video');
  expect(host.querySelector('canvas')!.hidden).toBe(true);
  expect(bridge.companion.livePreview.latest).toHaveBeenCalledTimes(1);
  await act(async () => vi.advanceTimersByTime(4000));
  expect(bridge.companion.livePreview.latest).toHaveBeenCalledTimes(3);
  // After the first answer it says which picture it has, so the same one is not sent again.
  expect(bridge.companion.livePreview.latest.mock.calls.map(([shownAt]) => shownAt)).toEqual([null, picture.at, picture.at]);
});

it('does not ask while no encoder is connected, and waits for one in words', async () => {
  await show(false);
  await act(async () => vi.advanceTimersByTime(4000));
  expect(bridge.companion.livePreview.latest).not.toHaveBeenCalled();
  expect(host.textContent).toContain('No preview');
  expect(host.textContent).toContain('The picture shows here once the encoder sends.');
});

it('says what the viewers get while the encoder is lost: the holding slate, or a stream waiting for it', async () => {
  await show(false, { status: 'trouble', alarm: LOST }, { ...NO_BRIDGE, holdingSince: 5000, holdingUntil: 65_000 });
  expect(host.textContent).toContain('No preview');
  expect(host.textContent).toContain('The encoder is gone: viewers see the holding slate until it comes back.');
  await act(async () => useLiveStore.setState({ live: { ...useLiveStore.getState().live!, bridge: NO_BRIDGE } }));
  expect(host.textContent).toContain('The encoder is gone: the stream to the platform waits for it to come back.');
  expect(bridge.companion.livePreview.latest).not.toHaveBeenCalled();
});
