// @vitest-environment happy-dom
// Two failures that say the same sentence keep their own technical detail: the error is a value that carries
// both, not words whose detail is looked up (where the later failure's detail replaced the earlier one's).
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { CompanionError } from '../../../preload/contract.js';
import { ErrorDetails } from '../../../renderer/src/error-details';
import { LoadingOrFailed, PanelOutcome } from '../../../renderer/src/panels/panel-parts';
import { shownError } from '../../../renderer/src/state/request-outcome';
import { connectFakeBridge } from './fake-bridge.js';
import { mount } from './mounted.js';

const bridge = connectFakeBridge({ desktop: { settings: vi.fn() }, live: { channels: vi.fn() }, hooks: { deliveries: vi.fn() }, app: { keychain: vi.fn(), retryKeychain: vi.fn(), info: vi.fn() } });

const { initialDesktopSettingsState, useDesktopSettingsStore } = await import('../../../renderer/src/state/desktop-settings-slice');
const { initialHooksState, useHooksStore } = await import('../../../renderer/src/state/hooks-slice');
const { initialKeychainState, useKeychainStore } = await import('../../../renderer/src/state/keychain-slice');
const { initialAppInfoState, useAppInfoStore } = await import('../../../renderer/src/state/app-info-slice');
const { KeychainBanner } = await import('../../../renderer/src/keychain-banner');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const WORDS = 'The platform did not answer. Try again in a minute.';

function failure(message: string, details: string): Error {
  return Object.assign(new Error(message), { details });
}

afterEach(() => {
  useDesktopSettingsStore.setState({ ...initialDesktopSettingsState });
  useHooksStore.setState({ ...initialHooksState });
  useKeychainStore.setState({ ...initialKeychainState });
  useAppInfoStore.setState({ ...initialAppInfoState });
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

it("shows Details under the keychain banner's failed retry and under Settings' unread app details", async () => {
  const memory = { mode: 'memory', problem: 'locked', reason: 'the login keyring is locked', fix: 'Unlock it, then try again.' } as const;
  bridge.companion.app.keychain.mockResolvedValue(memory);
  bridge.companion.app.retryKeychain.mockRejectedValue(new CompanionError('keychain_unavailable', 'The keychain did not answer.', 'org.freedesktop.secrets: timed out after 25 s'));
  const banner = await mount(KeychainBanner);
  await act(async () => useKeychainStore.setState({ status: memory }));
  await act(async () => useKeychainStore.getState().retry());
  expect(banner.host.querySelector('.keychain-banner-actions .error')?.textContent).toBe('The keychain did not answer.');
  expect(banner.host.querySelector('details pre')?.textContent).toBe('org.freedesktop.secrets: timed out after 25 s');
  await banner.unmount();

  const { SettingsPanel } = await import('../../../renderer/src/panels/settings-panel');
  bridge.companion.app.info.mockRejectedValue(new CompanionError('internal', 'The app could not read its own details.', 'app.info: ENOENT package.json'));
  await act(async () => useAppInfoStore.getState().load());
  const settings = await mount(SettingsPanel);
  expect(settings.host.querySelector('[role="alert"]')?.textContent).toBe("Could not read the app's details: The app could not read its own details.");
  expect(settings.host.querySelector('details pre')?.textContent).toBe('app.info: ENOENT package.json');
  await settings.unmount();
});

it("shows a panel's failed first load with its Details, and Loading… until then", async () => {
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(createElement(LoadingOrFailed, { error: null })));
  expect(host.textContent).toBe('Loading…');
  await act(async () => root.render(createElement(LoadingOrFailed, { error: shownError(failure(WORDS, 'live.state: ECONNREFUSED 127.0.0.1:4455')) })));
  expect(host.querySelector('[role="alert"]')?.textContent).toBe(WORDS);
  expect(host.querySelector('details pre')?.textContent).toBe('live.state: ECONNREFUSED 127.0.0.1:4455');
  await act(async () => root.unmount());
});
