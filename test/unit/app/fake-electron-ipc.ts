// In-memory stand-ins for Electron's ipcMain, ipcRenderer and webContents, wired like the real ones:
// invoke reaches the handler with a sender frame URL, send reaches the renderer's listeners, and every
// value is structured-cloned on the way, as Electron does.
import { EventEmitter } from 'node:events';
import type { Envelope } from '../../../preload/contract.js';
import type { IpcRendererLike } from '../../../preload/preload-bridge.js';
import type { InvokeEventLike, IpcMainLike, WebContentsLike } from '../../../main/app/ipc-bridge.js';

type InvokeHandler = (event: InvokeEventLike, ...args: unknown[]) => Promise<Envelope>;
type RendererListener = (event: unknown, ...args: unknown[]) => void;

export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, InvokeHandler>();

  handle(channel: string, listener: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`a handler for ${channel} is already registered`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** What Electron does for ipcRenderer.invoke from a frame showing `senderUrl` (null: the frame is gone). */
  async invokeFrom(senderUrl: string | null, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event: InvokeEventLike = { senderFrame: senderUrl === null ? null : { url: senderUrl } };
    return structuredClone(await handler(event, ...structuredClone(args)));
  }
}

export class FakeIpcRenderer implements IpcRendererLike {
  readonly #emitter = new EventEmitter();

  constructor(
    private readonly ipcMain: FakeIpcMain,
    private readonly frameUrl: string | null,
  ) {}

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return this.ipcMain.invokeFrom(this.frameUrl, channel, ...args);
  }

  on(channel: string, listener: RendererListener): this {
    this.#emitter.on(channel, listener);
    return this;
  }

  removeListener(channel: string, listener: RendererListener): this {
    this.#emitter.removeListener(channel, listener);
    return this;
  }

  listenerCount(channel: string): number {
    return this.#emitter.listenerCount(channel);
  }

  /** Main's webContents.send arriving in this renderer. */
  deliver(channel: string, args: unknown[]): void {
    this.#emitter.emit(channel, { sender: this }, ...structuredClone(args));
  }
}

export class FakeWebContents implements WebContentsLike {
  destroyed = false;
  readonly sent: { channel: string; args: unknown[] }[] = [];

  constructor(private readonly renderer?: FakeIpcRenderer) {}

  isDestroyed(): boolean {
    return this.destroyed;
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args });
    this.renderer?.deliver(channel, args);
  }
}
