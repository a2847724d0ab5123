// The bridge as the Uploads slice and panel use it: inject it with `connectFakeBridge(uploadsFakes())`, set
// the answers in each test, and `emit` the events main would send.
import { vi } from 'vitest';

export function uploadsFakes() {
  return {
    uploads: { state: vi.fn(), add: vi.fn(), browse: vi.fn(), pauseAll: vi.fn(), resumeAll: vi.fn(), retryFailed: vi.fn(), clearFinished: vi.fn(), setSettings: vi.fn(), pause: vi.fn(), resume: vi.fn(), cancel: vi.fn(), retry: vi.fn(), edit: vi.fn() },
    live: { channels: vi.fn() },
  };
}
