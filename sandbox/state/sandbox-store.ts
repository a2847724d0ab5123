// The sandbox's state: in memory, optionally persisted to a --state file (atomic write after each change),
// with events for what hooks report (channel status, video created/deleted).
import { createHash, createHmac } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { Channel, ChannelStatus, Client, ClientDialect, SandboxData, Video } from './model.js';
import { nativeClient, seedData } from './seed.js';
import { forgetVideoInCollections } from './collections.js';
import { forgetVideoAnnotations } from './video-annotations.js';

export interface StoreEvents {
  'channel-status': [channel: Channel, status: ChannelStatus];
  'video-created': [video: Video];
  'video-deleted': [video: Video];
}

export class SandboxStore extends EventEmitter<StoreEvents> {
  readonly data: SandboxData;
  readonly #stateFile: string | null;
  #saving: Promise<void> = Promise.resolve();
  #saveQueued = false;

  constructor(stateFile: string | null = null) {
    super();
    this.#stateFile = stateFile;
    this.data = stateFile ? (loadState(stateFile) ?? seedData()) : seedData();
    if (stateFile) this.changed();
  }

  /** Call after any change: persists (coalesced) when there is a state file. */
  changed(): void {
    if (!this.#stateFile || this.#saveQueued) return;
    this.#saveQueued = true;
    const file = this.#stateFile;
    this.#saving = this.#saving.then(async () => {
      this.#saveQueued = false;
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(this.data), { mode: 0o600 });
      await rename(temporary, file);
    });
  }

  /** Resolves when every change so far is on disk. */
  flushed(): Promise<void> {
    return this.#saving;
  }

  account(id: string) {
    return this.data.accounts.find((account) => account.id === id);
  }

  accountByUsername(username: string) {
    return this.data.accounts.find((account) => account.username === username);
  }

  client(id: string) {
    return this.data.clients.find((client) => client.id === id);
  }

  /** The app's registration for a dialect: the spec's client, or the native client of today's platform. */
  appClient(dialect: ClientDialect): Client {
    const client = this.data.clients.find((candidate) => candidate.dialect === dialect);
    if (!client) throw new Error(`The sandbox state has no ${dialect} client.`);
    return client;
  }

  token(accessToken: string) {
    const hash = sha256(accessToken);
    return this.data.tokens.find((token) => token.tokenHash === hash);
  }

  /** The MAC key of a MAC token: derived, never stored (see Token). */
  macKeyFor(accessToken: string): string {
    return createHmac('sha1', this.data.masterKey).update(`mac-key:${accessToken}`).digest('hex');
  }

  code(code: string) {
    const hash = sha256(code);
    return this.data.codes.find((candidate) => candidate.codeHash === hash);
  }

  channel(id: string) {
    return this.data.channels.find((channel) => channel.id === id);
  }

  video(id: string) {
    return this.data.videos.find((video) => video.id === id);
  }

  upload(videoId: string) {
    return this.data.uploads.find((upload) => upload.videoId === videoId);
  }

  nextId(kind: keyof SandboxData['counters']): string {
    this.data.counters[kind] += 1;
    return String(this.data.counters[kind]);
  }

  setChannelStatus(channel: Channel, status: ChannelStatus, at: number): void {
    if (channel.status === status) return;
    channel.status = status;
    if (status === 'live') channel.lastBroadcastAt = at;
    this.changed();
    this.emit('channel-status', channel, status);
  }

  addVideo(video: Video): void {
    this.data.videos.push(video);
    this.changed();
    this.emit('video-created', video);
  }

  deleteVideo(video: Video): void {
    this.data.videos = this.data.videos.filter((candidate) => candidate !== video);
    forgetVideoInCollections(this.data, video.id);
    forgetVideoAnnotations(this.data, video.id);
    this.changed();
    this.emit('video-deleted', video);
  }
}

function loadState(file: string): SandboxData | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Cannot read the sandbox state file ${file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const data = JSON.parse(text) as SandboxData;
    if (!Array.isArray(data.accounts) || !Array.isArray(data.channels) || typeof data.counters !== 'object' || typeof data.masterKey !== 'string') {
      throw new Error('not a sandbox state of this version');
    }
    // States written before managers and device passwords existed.
    data.managers ??= [];
    data.devicePasswords ??= [];
    // States written before the sandbox spoke today's platform: their client is the spec's, and the native one is added.
    data.clients = data.clients.map((client) => ({ ...client, dialect: client.dialect ?? 'spec', native: client.native ?? false }));
    if (!data.clients.some((client) => client.dialect === 'current')) data.clients.push(nativeClient());
    return data;
  } catch (error) {
    throw new Error(`The sandbox state file ${file} is not valid (${(error as Error).message}); move it away to start from the demo data.`, { cause: error });
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
