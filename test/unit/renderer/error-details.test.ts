// @vitest-environment happy-dom
// Two failures that say the same sentence keep their own technical detail: the error is a value that carries
// both, not words whose detail is looked up (where the later failure's detail replaced the earlier one's).
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { ErrorDetails } from '../../../renderer/src/error-details';
import { shownError } from '../../../renderer/src/state/request-outcome';

function failure(message: string, details: string): Error {
  return Object.assign(new Error(message), { details });
}

it('shows each error its own details when two errors say the same words', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const words = 'The platform did not answer. Try again in a minute.';
  const first = shownError(failure(words, 'GET /v2/channels/9/videos.json: ETIMEDOUT'));
  const second = shownError(failure(words, 'POST /v2/channels/9/uploads.json: ECONNRESET'));
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(createElement('div', null, createElement(ErrorDetails, { error: first }), createElement(ErrorDetails, { error: second }))));
  const shown = [...host.querySelectorAll('details')].map((details) => details.textContent);
  expect(shown).toEqual(['DetailsGET /v2/channels/9/videos.json: ETIMEDOUT', 'DetailsPOST /v2/channels/9/uploads.json: ECONNRESET']);
  await act(async () => root.unmount());
});

it('shows no Details when main sent none', () => {
  expect(shownError(new Error('Choose the channel the videos go to first.'))).toEqual({ message: 'Choose the channel the videos go to first.' });
});
