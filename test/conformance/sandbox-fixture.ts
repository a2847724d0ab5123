// One sandbox per test file, started through its public entry (sandbox/index.ts), plus the seeded demo
// data's identifiers (sandbox/state/seed.ts: demo owns "Demo Live", "Backstage", "Locked Room"; rival
// owns "Rival Channel").
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/index.js';

export interface SandboxHandle {
  /** The running sandbox (after beforeAll). */
  readonly sandbox: Sandbox;
  readonly api: (path: string) => string;
}

export function useSandbox(options: SandboxOptions = {}): SandboxHandle {
  let running: Sandbox | null = null;
  beforeAll(async () => {
    running = await startSandbox(options);
    seeded.set(running, {
      channels: new Map(running.admin.store.data.channels.map((channel) => [channel.title, channel.id])),
      videos: new Map(running.admin.store.data.videos.map((video) => [video.title, video.id])),
    });
  });
  afterAll(async () => {
    await running?.close();
    running = null;
  });
  const handle: SandboxHandle = {
    get sandbox(): Sandbox {
      if (!running) throw new Error('The sandbox is not running (use it inside tests).');
      return running;
    },
    api: (path: string) => `${handle.sandbox.apiUrl}${path}`,
  };
  return handle;
}

export const SEEDED_CHANNELS = ['Demo Live', 'Backstage', 'Locked Room', 'Rival Channel'] as const;
export type SeededChannel = (typeof SEEDED_CHANNELS)[number];

/** Titles to ids of the seeded data, read once at start (tests may rename things later). */
const seeded = new WeakMap<Sandbox, { channels: Map<string, string>; videos: Map<string, string> }>();

/** The id of a seeded channel, by its seeded title. */
export function channelId(sandbox: Sandbox, title: SeededChannel): string {
  const id = seeded.get(sandbox)?.channels.get(title);
  if (!id) throw new Error(`The seeded channel "${title}" is missing.`);
  return id;
}

/** The id of a seeded video, by its seeded title. */
export function videoId(sandbox: Sandbox, title: string): string {
  const id = seeded.get(sandbox)?.videos.get(title);
  if (!id) throw new Error(`The seeded video "${title}" is missing.`);
  return id;
}

/** E-mail addresses of the sandbox's registered users other than `username`: who can be invited as a manager. */
export function otherUsersEmails(sandbox: Sandbox, username: string): string[] {
  return sandbox.admin.store.data.accounts.filter((account) => account.username !== username).map((account) => account.email);
}

/** An identifier no resource has. */
export const MISSING_ID = '987654321';

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function unique(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** Polls `probe` until it returns a value (not undefined) or the time runs out. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
