// @vitest-environment happy-dom
// The folder browser's button that started an add says "Adding…" while that add runs, and only then: an add
// started later by the path field leaves it saying what it adds (disabled meanwhile is the panel's business).
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FolderListing } from '../../../preload/contract.js';
import { FolderBrowser } from '../../../renderer/src/panels/uploads/folder-browser';

const folder: FolderListing = {
  path: '/home/you/Videos',
  parent: '/home/you',
  entries: [{ name: 'show.mp4', path: '/home/you/Videos/show.mp4', kind: 'file', size: 1000, supported: true }],
  truncated: false,
};

let host: HTMLElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

const show = (adding: boolean) => act(async () => root.render(createElement(FolderBrowser, { folder, busy: false, adding, onOpen: () => undefined, onAdd: () => undefined, onClose: () => undefined })));
const wholeFolder = () => [...host.querySelectorAll('button')].find((button) => /whole folder|Adding/.test(button.textContent ?? ''))!;

it('says "Adding…" for its own add only', async () => {
  await show(false);
  await act(async () => wholeFolder().click());
  await show(true);
  expect(wholeFolder().textContent).toBe('Adding…');
  await show(false);
  expect(wholeFolder().textContent).toBe('Add this whole folder (1 video here)');
  // The path field's add.
  await show(true);
  expect(wholeFolder().textContent).toBe('Add this whole folder (1 video here)');
});
