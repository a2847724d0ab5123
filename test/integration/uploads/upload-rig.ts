// The upload queue wired as the app wires it, against a real sandbox over HTTP and FTP: a platform
// client signed in as the demo user (the token can be swapped, to expire it), the FTP passwords in the
// real keychain of the test harness, and every event and log line kept for assertions.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccessToken } from '../../../main/platform/access-token.js';
import { createPlatformApi } from '../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { FtpUploadTransport } from '../../../main/uploads/ftp-upload-transport.js';
import { UploadQueue, type UploadQueueOptions } from '../../../main/uploads/upload-queue.js';
import type { UploadEvent } from '../../../main/uploads/upload-types.js';
import { keytarSecretStore } from '../../../main/vault/secret-store.js';
import { Vault } from '../../../main/vault/vault.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/index.js';
import { passwordToken } from '../../support/sandbox-client.js';

export interface UploadRig {
  /** The platform now (another object after restartPlatform). */
  readonly sandbox: Sandbox;
  readonly work: string;
  readonly channelId: string;
  readonly vault: Vault;
  readonly logLines: string[];
  /** The demo user's current token; replace it to sign in again. */
  token: string;
  signInAgain(): Promise<void>;
  /**
   * Stops the platform and starts it again from its saved state, its servers on new ports (as after a crash
   * of an embedded sandbox whose ports were taken meanwhile); queues made before reach the new one.
   */
  restartPlatform(): Promise<void>;
  /** A queue on `journal` (a new file unless given), its events into `events`. */
  queue(options?: Partial<UploadQueueOptions> & { journal?: string }): { queue: UploadQueue; events: EventList; journal: string };
  close(): Promise<void>;
}

export class EventList {
  readonly all: UploadEvent[] = [];
  readonly #waiters: { test: (event: UploadEvent) => boolean; resolve: (event: UploadEvent) => void }[] = [];
  /** Told of each event as it comes, when the queue is as the event left it (to read its rows then). */
  onEvent: ((event: UploadEvent) => void) | null = null;

  readonly push = (event: UploadEvent): void => {
    this.all.push(event);
    this.onEvent?.(event);
    for (const waiter of [...this.#waiters]) {
      if (!waiter.test(event)) continue;
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  };

  of<N extends UploadEvent['event']>(name: N): Extract<UploadEvent, { event: N }>[] {
    return this.all.filter((event): event is Extract<UploadEvent, { event: N }> => event.event === name);
  }

  /** The next matching event (or one already seen, with `seen`). */
  waitFor<N extends UploadEvent['event']>(name: N, timeoutMs: number, test: (event: Extract<UploadEvent, { event: N }>) => boolean = () => true, seen = false): Promise<Extract<UploadEvent, { event: N }>> {
    if (seen) {
      const found = this.of(name).find(test);
      if (found) return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${name} event within ${timeoutMs} ms; events: ${JSON.stringify(this.all.slice(-10))}`)), timeoutMs);
      this.#waiters.push({
        test: (event) => event.event === name && test(event as Extract<UploadEvent, { event: N }>),
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event as Extract<UploadEvent, { event: N }>);
        },
      });
    });
  }
}

export async function startUploadRig(options: SandboxOptions = {}): Promise<UploadRig> {
  const work = await mkdtemp(join(tmpdir(), 'companion-uploads-'));
  const start = () => startSandbox({ uploadStepMs: 50, dataDir: join(work, 'sandbox'), stateFile: join(work, 'state.json'), ...options });
  let sandbox = await start();
  const logLines: string[] = [];
  const logger = createLogger({ sink: { write: (line: string) => void logLines.push(line) }, level: 'info' });
  const vault = new Vault(keytarSecretStore(`Broadcaster Companion (upload test ${randomBytes(4).toString('hex')})`), 'sandbox', logger);
  const channel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === 'Demo Live');
  if (!channel) throw new Error('The sandbox seed has no "Demo Live" channel.');
  let journals = 0;
  const rig: UploadRig = {
    get sandbox() {
      return sandbox;
    },
    work,
    channelId: channel.id,
    vault,
    logLines,
    token: await passwordToken(sandbox),
    async signInAgain() {
      rig.token = await passwordToken(sandbox);
    },
    async restartPlatform() {
      await sandbox.close();
      sandbox = await start();
    },
    queue(overrides = {}) {
      const events = new EventList();
      const journal = overrides.journal ?? join(work, `journal-${++journals}.jsonl`);
      const bearer = (): AccessToken => ({ type: 'bearer', accessToken: rig.token, expiresAt: null, scopes: [] });
      // Per use, so a queue reaches the platform wherever it runs now.
      const caller = () => createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => bearer() }, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } });
      const transport = new FtpUploadTransport({
        platform: async () => createPlatformApi(caller()).uploads,
        passwords: vault.uploadPasswords,
        logger,
      });
      const queue = new UploadQueue({
        journalFile: journal,
        transport,
        logger,
        onEvent: events.push,
        retryDelaysMs: [50, 100],
        pollDelaysMs: [100, 200],
        ...overrides,
      });
      return { queue, events, journal };
    },
    async close() {
      await sandbox.close();
      await rm(work, { recursive: true, force: true });
    },
  };
  return rig;
}
