// The whole Electron IPC path in memory: renderer bridge → invoke channel → sender check → dispatcher
// → service, and service event → webContents.send → bridge listener. The contract is defined
// here, so passing proves that a new contract method or event needs no change to either wrapper.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectIpc } from '../../../main/app/ipc-bridge.js';
import { APP_ENTRY_URL, isTrustedSender } from '../../../main/app/window-security.js';
import { createDispatcher } from '../../../main/dispatch.js';
import { ContractEvents } from '../../../main/typed-emitter.js';
import { bridgeFromEnvelopes, CompanionError, defineContract, defineNamespace, type Implementation } from '../../../preload/contract.js';
import { EVENT_CHANNEL } from '../../../preload/ipc-channels.js';
import { createIpcBridge } from '../../../preload/preload-bridge.js';
import { FakeIpcMain, FakeIpcRenderer, FakeWebContents } from './fake-electron-ipc.js';

const testContract = defineContract({
  namespaces: {
    math: defineNamespace({
      double: { args: z.tuple([z.number()]), result: z.number() },
      greet: { args: z.tuple([z.object({ name: z.string() })]), result: z.string() },
    }),
  },
  events: {
    tick: z.object({ n: z.number() }),
    tock: z.string(),
  },
});

function wire(frameUrl: string | null = APP_ENTRY_URL) {
  const calls: unknown[] = [];
  const implementation: Implementation<typeof testContract> = {
    math: {
      async double(n) {
        calls.push(n);
        return n * 2;
      },
      async greet({ name }) {
        calls.push(name);
        return `hello ${name}`;
      },
    },
  };
  const events = new ContractEvents<typeof testContract>();
  const ipcMain = new FakeIpcMain();
  const ipcRenderer = new FakeIpcRenderer(ipcMain, frameUrl);
  const window = new FakeWebContents(ipcRenderer);
  const disconnect = connectIpc({
    ipcMain,
    dispatch: createDispatcher(testContract, implementation),
    events,
    isTrustedSender,
    windows: () => [window],
  });
  // What crosses contextBridge is the transport (envelopes); the renderer turns it into a bridge.
  const transport = createIpcBridge(testContract, ipcRenderer);
  return { bridge: bridgeFromEnvelopes(testContract, transport), transport, calls, events, ipcRenderer, disconnect };
}

async function rejection(promise: Promise<unknown>): Promise<CompanionError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CompanionError);
  return error as CompanionError;
}

describe('the IPC round trip', () => {
  it('derives one bridge namespace per contract namespace, one method per contract method, plus on', () => {
    const { bridge } = wire();
    expect(Object.keys(bridge).sort()).toEqual(['math', 'on']);
    expect(Object.keys(bridge.math).sort()).toEqual(['double', 'greet']);
  });

  it('hands the renderer plain envelopes, which survive contextBridge (an error code on an Error would not)', async () => {
    const { transport } = wire('https://evil.example/');
    await expect(transport.math.double(21)).resolves.toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
  });

  it('calls a contract method and resolves its result', async () => {
    const { bridge, calls } = wire();
    await expect(bridge.math.double(21)).resolves.toBe(42);
    await expect(bridge.math.greet({ name: 'Ada' })).resolves.toBe('hello Ada');
    expect(calls).toEqual([21, 'Ada']);
  });

  it('rejects invalid arguments with bad_request before the implementation runs', async () => {
    const { bridge, calls } = wire();
    const double = bridge.math.double as (...args: unknown[]) => Promise<number>;
    expect((await rejection(double('21'))).code).toBe('bad_request');
    expect((await rejection(double())).code).toBe('bad_request');
    expect((await rejection(double(1, 2))).code).toBe('bad_request');
    expect(calls).toEqual([]);
  });

  it('rejects with forbidden when the frame is not the app', async () => {
    const { bridge, calls } = wire('https://evil.example/');
    expect((await rejection(bridge.math.double(21))).code).toBe('forbidden');
    expect(calls).toEqual([]);
  });

  it('delivers an event to its listeners only, until they unsubscribe', () => {
    const { bridge, events, ipcRenderer } = wire();
    const ticks: unknown[] = [];
    const tocks: unknown[] = [];
    const offTick = bridge.on('tick', (payload) => ticks.push(payload));
    const offTock = bridge.on('tock', (payload) => tocks.push(payload));

    events.emit('tick', { n: 1 });
    events.emit('tock', 'tock 1');
    expect(ticks).toEqual([{ n: 1 }]);
    expect(tocks).toEqual(['tock 1']);

    offTick();
    events.emit('tick', { n: 2 });
    events.emit('tock', 'tock 2');
    expect(ticks).toEqual([{ n: 1 }]);
    expect(tocks).toEqual(['tock 1', 'tock 2']);

    offTock();
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0);
  });

  it('keeps delivering to other listeners when one throws', async () => {
    const { bridge, events } = wire();
    const ticks: unknown[] = [];
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      bridge.on('tick', () => {
        throw new Error('panel bug');
      });
      bridge.on('tick', (payload) => ticks.push(payload));
      events.emit('tick', { n: 1 });
      expect(ticks).toEqual([{ n: 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(uncaught).toEqual([new Error('panel bug')]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('refuses to subscribe to an event the contract does not have', () => {
    const { bridge } = wire();
    expect(() => bridge.on('nope' as 'tick', () => undefined)).toThrow(CompanionError);
  });

  it('stops answering once disconnected', async () => {
    const { bridge, disconnect } = wire();
    disconnect();
    await expect(bridge.math.double(21)).rejects.toThrow(/No handler/);
  });
});
