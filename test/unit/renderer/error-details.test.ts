// @vitest-environment happy-dom
// Two failures that say the same sentence keep their own technical detail: the error is a value that carries
// both, not words whose detail is looked up (where the later failure's detail replaced the earlier one's).
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { CompanionError } from '../../../preload/contract.js';
import { ErrorDetails } from '../../../renderer/src/error-details';
import { PanelOutcome } from '../../../renderer/src/panels/panel-parts';
import { shownError } from '../../../renderer/src/state/request-outcome';
import { connectFakeBridge } from './fake-bridge.js';
import { mount } from './mounted.js';

const bridge = connectFakeBridge({ desktop: { settings: vi.fn() }, live: { channels: vi.fn() }, hooks: { deliveries: vi.fn() } });

const { initialDesktopSettingsState, useDesktopSettingsStore } = await import('../../../renderer/src/state/desktop-settings-slice');
const { initialHooksState, useHooksStore } = await import('../../../renderer/src/state/hooks-slice');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const WORDS = 'The platform did not answer. Try again in a minute.';

function failure(message: string, details: string): Error {
  return Object.assign(new Error(message), { details });
}

afterEach(() => {
  useDesktopSettingsStore.setState({ ...initialDesktopSettingsState });
  useHooksStore.setState({ ...initialHooksState });
});

it('shows each error its own details when two errors say the same words', async () => {
  const first = shownError(failure(WORDS, 'GET /v2/channels/9/videos.json: ETIMEDOUT'));
  const second = shownError(failure(WORDS, 'POST /v2/channels/9/uploads.json: ECONNRESET'));
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(createElement('div', null, createElement(ErrorDetails, { error: first }), createElement(ErrorDetails, { error: second }))));
  const shown = [...host.querySelectorAll('details')].map((details) => details.textContent);
  expect(shown).toEqual(['DetailsGET /v2/channels/9/videos.json: ETIMEDOUT', 'DetailsPOST /v2/channels/9/uploads.json: ECONNRESET']);
  await act(async () => root.unmount());
});

it('keeps each slice its own details when two slices fail with the same words, one after the other', async () => {
  // Each slice's outcome as its panel shows it, side by side.
  function BothOutcomes() {
    const settingsError = useDesktopSettingsStore((state) => state.error);
    const hooksError = useHooksStore((state) => state.error);
    return createElement(
      'div',
      null,
      createElement('div', { 'data-testid': 'settings-side' }, createElement(PanelOutcome, { testId: 'desktop-settings', error: settingsError, done: null })),
      createElement('div', { 'data-testid': 'hooks-side' }, createElement(PanelOutcome, { testId: 'hooks', error: hooksError, done: null })),
    );
  }
  const shown = await mount(BothOutcomes);
  const side = (testId: string) => {
    const part = shown.host.querySelector(`[data-testid="${testId}"]`)!;
    return { words: part.querySelector('[role="alert"]')?.textContent, details: part.querySelector('details pre')?.textContent };
  };

  bridge.companion.desktop.settings.mockRejectedValue(new CompanionError('platform_unreachable', WORDS, 'desktop.settings: EACCES reading settings.json'));
  await act(async () => useDesktopSettingsStore.getState().load());
  bridge.companion.hooks.deliveries.mockResolvedValue([]);
  bridge.companion.live.channels.mockRejectedValue(new CompanionError('platform_unreachable', WORDS, 'GET /users/self/channels.json: ETIMEDOUT'));
  await act(async () => useHooksStore.getState().load());

  expect(useDesktopSettingsStore.getState().error).toEqual({ message: WORDS, details: 'desktop.settings: EACCES reading settings.json' });
  expect(useHooksStore.getState().error).toEqual({ message: WORDS, details: 'GET /users/self/channels.json: ETIMEDOUT' });
  expect(side('settings-side')).toEqual({ words: WORDS, details: 'desktop.settings: EACCES reading settings.json' });
  expect(side('hooks-side')).toEqual({ words: WORDS, details: 'GET /users/self/channels.json: ETIMEDOUT' });
  await shown.unmount();
});

it('shows no Details when main sent none', () => {
  expect(shownError(new Error('Choose the channel the videos go to first.'))).toEqual({ message: 'Choose the channel the videos go to first.' });
});
