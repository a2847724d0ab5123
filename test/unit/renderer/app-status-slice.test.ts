import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStatus } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slice talks to main through the bridge; here the bridge is a fake that also delivers events.
const bridge = connectFakeBridge({ app: { status: vi.fn() } });

const { describeAppStatus, initialAppStatusState, useAppStatusStore } = await import('../../../renderer/src/state/app-status-slice');

function status(change: Partial<AppStatus>): AppStatus {
  return { indicator: 'offline', live: 'offline', recording: false, uploads: null, channel: null, summary: 'Offline', waiting: null, ...change };
}

beforeEach(() => {
  useAppStatusStore.setState({ ...initialAppStatusState });
  bridge.companion.app.status.mockReset();
});

describe('app status slice', () => {
  it('loads the status, then follows appStatus events', async () => {
    bridge.companion.app.status.mockResolvedValue(status({ indicator: 'uploading', summary: 'Uploading 2 files (25%)' }));
    await useAppStatusStore.getState().load();
    expect(useAppStatusStore.getState().status?.summary).toBe('Uploading 2 files (25%)');
    bridge.emit('appStatus', status({ indicator: 'live', live: 'live', channel: 'Main', summary: 'Live on Main' }));
    expect(useAppStatusStore.getState().status?.indicator).toBe('live');
  });

  it('keeps what it had when the core does not answer', async () => {
    useAppStatusStore.setState({ status: status({ indicator: 'recording', summary: 'Live on Main, recording' }) });
    bridge.companion.app.status.mockRejectedValue(new Error('socket closed'));
    await useAppStatusStore.getState().load();
    expect(useAppStatusStore.getState().status?.summary).toBe('Live on Main, recording');
  });
});

describe('describeAppStatus', () => {
  it('says offline before the first answer, and the tray sentence after', () => {
    expect(describeAppStatus(null)).toMatchObject({ label: 'Offline', tone: 'offline' });
    expect(describeAppStatus(status({ indicator: 'recording', live: 'live', recording: true, summary: 'Live on Main, recording' }))).toEqual({ label: 'Live on Main, recording', tone: 'recording', title: 'Live on Main, recording', wait: null });
  });

  it("adds the line of a wait the platform's rate limit asks for, and says it in the tooltip", () => {
    const message = 'The platform asks us to wait 23 s (GET /channels/<channel_id>.<format>).';
    const waiting = { seconds: 23, endpoint: 'GET /channels/<channel_id>.<format>', until: 1_800_000_000_000, message };
    expect(describeAppStatus(status({ indicator: 'uploading', summary: 'Uploading 2 files (25%)', waiting }))).toEqual({
      label: 'Uploading 2 files (25%)',
      tone: 'uploading',
      title: `Uploading 2 files (25%). ${message}`,
      wait: message,
    });
  });

  it('turns the header amber while the link reconnects or the stream failed', () => {
    expect(describeAppStatus(status({ indicator: 'live', live: 'reconnecting', summary: 'Live, reconnecting on Main' })).tone).toBe('alert');
    expect(describeAppStatus(status({ live: 'failed', summary: 'The stream failed' })).tone).toBe('alert');
  });
});
