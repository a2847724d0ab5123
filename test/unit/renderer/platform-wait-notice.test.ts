// @vitest-environment happy-dom
// A wait the platform's rate limit asks for is said above the open panel while it lasts, and goes away with it.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it, vi } from 'vitest';
import type { AppStatus } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

const bridge = connectFakeBridge({ app: { status: vi.fn() } });
const { PlatformWaitNotice } = await import('../../../renderer/src/platform-wait-notice');

function status(waiting: AppStatus['waiting']): AppStatus {
  return { indicator: 'uploading', live: 'offline', recording: false, uploads: null, channel: null, summary: 'Uploading 20 files', waiting };
}

it('shows the platform wait above the panel while it lasts', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(createElement(PlatformWaitNotice)));
  expect(host.textContent).toBe('');
  const message = 'The platform asks us to wait 23 s (POST /v2/channels/<channel_id>/uploads.json).';
  await act(async () => bridge.emit('appStatus', status({ seconds: 23, endpoint: 'POST /v2/channels/<channel_id>/uploads.json', until: Date.now() + 23_000, message })));
  const notice = host.querySelector('[data-testid="panel-platform-wait"]');
  // In words; the call held back only behind Details.
  expect(notice?.querySelector('p')?.textContent).toBe('The platform asks the app to wait 23 s before its next call. Calls go on by themselves when it is over; nothing is lost.');
  expect(notice?.querySelector('details')?.textContent).toContain('POST /v2/channels/<channel_id>/uploads.json');
  await act(async () => bridge.emit('appStatus', status(null)));
  expect(host.textContent).toBe('');
  await act(async () => root.unmount());
});
