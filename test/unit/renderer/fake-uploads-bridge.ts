// The bridge as the Uploads slice and panel use it, faked: each test sets the answers, and `emit` plays an
// event main would send. Mock the real bridge module with it:
//   vi.mock('…/renderer/src/bridge/companion-bridge', async () => ({ companion: (await import('./fake-uploads-bridge.js')).uploadsBridge.companion }));
import { vi } from 'vitest';

const listeners = new Map<string, (payload: unknown) => void>();

export const uploadsBridge = {
  listeners,
  companion: {
    uploads: { state: vi.fn(), add: vi.fn(), browse: vi.fn(), pauseAll: vi.fn(), resumeAll: vi.fn(), retryFailed: vi.fn(), clearFinished: vi.fn(), setSettings: vi.fn(), pause: vi.fn(), resume: vi.fn(), cancel: vi.fn(), retry: vi.fn(), edit: vi.fn() },
    live: { channels: vi.fn() },
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  },
};
