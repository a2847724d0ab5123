import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectIpc } from '../../../main/app/ipc-bridge.js';
import { isTrustedSender } from '../../../main/app/window-security.js';
import { createDispatcher } from '../../../main/dispatch.js';
import { ContractEvents } from '../../../main/typed-emitter.js';
import { defineContract, defineNamespace, type Implementation } from '../../../preload/contract.js';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../preload/ipc-channels.js';
import { FakeIpcMain, FakeWebContents } from './fake-electron-ipc.js';

const testContract = defineContract({
  namespaces: { talk: defineNamespace({ echo: { args: z.tuple([z.string()]), result: z.string() } }) },
  events: { ping: z.object({ n: z.number() }) },
});

function connectFake() {
  const calls: string[] = [];
  const implementation: Implementation<typeof testContract> = {
    talk: {
      async echo(text) {
        calls.push(text);
        return text;
      },
    },
  };
  const ipcMain = new FakeIpcMain();
  const events = new ContractEvents<typeof testContract>();
  const windows = [new FakeWebContents(), new FakeWebContents()];
  const disconnect = connectIpc({
    ipcMain,
    dispatch: createDispatcher(testContract, implementation),
    events,
    isTrustedSender,
    windows: () => windows,
  });
  return { calls, ipcMain, events, windows, disconnect };
}

describe('connectIpc', () => {
  it('dispatches calls from the app origin', async () => {
    const { ipcMain, calls } = connectFake();
    expect(await ipcMain.invokeFrom('app://companion/index.html', INVOKE_CHANNEL, 'talk.echo', ['hi'])).toEqual({ ok: true, value: 'hi' });
    expect(calls).toEqual(['hi']);
  });

  it.each(['app://companion.evil/index.html', 'file:///index.html', 'http://127.0.0.1:5173/', 'https://video.ibm.com/', null])(
    'refuses a call from %j without calling the implementation',
    async (senderUrl) => {
      const { ipcMain, calls } = connectFake();
      const envelope = await ipcMain.invokeFrom(senderUrl, INVOKE_CHANNEL, 'talk.echo', ['hi']);
      expect(envelope).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(calls).toEqual([]);
    },
  );

  it('refuses an untrusted sender before looking at the method or its arguments', async () => {
    const { ipcMain } = connectFake();
    expect(await ipcMain.invokeFrom('https://evil.example/', INVOKE_CHANNEL, 'nope', 'garbage')).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('forwards contract events to live windows only', () => {
    const { events, windows } = connectFake();
    windows[1]!.destroyed = true;
    events.emit('ping', { n: 1 });
    expect(windows[0]!.sent).toEqual([{ channel: EVENT_CHANNEL, args: ['ping', { n: 1 }] }]);
    expect(windows[1]!.sent).toEqual([]);
  });

  it('disconnect removes the handler and stops forwarding events', async () => {
    const { ipcMain, events, windows, disconnect } = connectFake();
    disconnect();
    expect(ipcMain.handlers.size).toBe(0);
    events.emit('ping', { n: 2 });
    expect(windows[0]!.sent).toEqual([]);
    await expect(ipcMain.invokeFrom('app://companion/index.html', INVOKE_CHANNEL, 'talk.echo', ['hi'])).rejects.toThrow(/No handler/);
  });
});
