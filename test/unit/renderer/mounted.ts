// A component rendered into a fresh element of the test's document (happy-dom), and taken away again.
import { act, createElement, type FunctionComponent } from 'react';
import { createRoot } from 'react-dom/client';

export interface Mounted {
  readonly host: HTMLElement;
  unmount(): Promise<void>;
}

export async function mount(component: FunctionComponent): Promise<Mounted> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(createElement(component)));
  return {
    host,
    async unmount() {
      await act(async () => root.unmount());
      host.remove();
    },
  };
}
