// A profile's secrets in the keychain: its access tokens (every MAC field), the client secret and stream
// keys. Each secret is one keychain item of the service `Broadcaster Companion`, its account named
// `<profile>/<what>`, so a streamer can find and delete them in the OS's own keychain tool.
import { z } from 'zod';
import { accessTokenSchema, type AccessToken } from '../platform/access-token.js';
import type { Logger } from '../log/redacting-logger.js';
import type { SecretStore } from './secret-store.js';

export const VAULT_SERVICE = 'Broadcaster Companion';

/**
 * The keychain service for a data folder: the default folder uses the plain name; another folder
 * (COMPANION_DATA_DIR) is another installation with its own profiles and sandbox, so its secrets get their
 * own service, named after the folder, and never mix with the default's.
 */
export function vaultServiceFor(dataDirectory: string, defaultDataDirectory: string): string {
  return dataDirectory === defaultDataDirectory ? VAULT_SERVICE : `${VAULT_SERVICE} (${dataDirectory})`;
}

export type TokenKind = 'user' | 'client';

/** What the vault needs of a logger: every secret it touches is registered for redaction. */
export type VaultLogger = Pick<Logger, 'registerSecret' | 'warn'>;


/** One secret of the profile, kept as one keychain item. */
export interface SecretSlot {
  read(): Promise<string | null>;
  save(secret: string): Promise<void>;
}

/** Secrets of one kind, one per id: a stream key per channel, an FTP password per upload. */
export interface KeyedSecrets {
  read(id: string): Promise<string | null>;
  save(id: string, secret: string): Promise<void>;
  /** True when there was one to delete. */
  forget(id: string): Promise<boolean>;
}

export class Vault {
  constructor(
    private readonly store: SecretStore,
    readonly profile: string,
    private readonly logger: VaultLogger,
  ) {
    requireProfileName(profile);
  }

  async saveToken(kind: TokenKind, token: AccessToken): Promise<void> {
    this.register(token.accessToken);
    if (token.type === 'mac') this.register(token.macKey);
    // Every field, by name, so a MAC token read back can sign without asking the platform again.
    await this.store.set(this.account(`token/${kind}`), JSON.stringify(accessTokenSchema.parse(token)));
  }

  /** The stored token, or null when there is none or it was unreadable (then it is deleted and logged). */
  async token(kind: TokenKind): Promise<AccessToken | null> {
    const account = this.account(`token/${kind}`);
    const text = await this.store.get(account);
    if (text === null) return null;
    const token = parseToken(text);
    if (typeof token === 'string') {
      // Anything in it may be a secret; only the problem's description is logged.
      this.register(text);
      await this.store.delete(account);
      this.logger.warn('A stored sign-in was unreadable and has been deleted; sign in again.', { profile: this.profile, account, problem: token });
      return null;
    }
    this.register(token.accessToken);
    if (token.type === 'mac') this.register(token.macKey);
    return token;
  }

  async deleteToken(kind: TokenKind): Promise<boolean> {
    return this.store.delete(this.account(`token/${kind}`));
  }

  /** The app's client secret on this profile's platform (the spec's dialect has one). */
  get clientSecret(): SecretSlot {
    return this.slot('client-secret');
  }

  /** Stream keys by channel (or destination) id. */
  get streamKeys(): KeyedSecrets {
    return this.keyed('stream-key');
  }

  /** The key the encoder uses on the local RTMP ingest, so it survives restarts and the encoder is set up once. */
  get localIngestKey(): SecretSlot {
    return this.slot('local-ingest-key');
  }

  /** The FTP passwords of uploads in flight, by video id, kept until `ready` so a restarted queue can resume the transfer. */
  get uploadPasswords(): KeyedSecrets {
    return this.keyed('upload-password');
  }

  /**
   * The secrets the built-in hook receiver exchanged in handshakes, by `<channel id>/<event>`: one item, so
   * the receiver reads them all at start (video events name no channel; every secret for the event is tried).
   */
  async hookSecrets(): Promise<Record<string, string>> {
    const text = await this.read('hook-secrets');
    if (text === null) return {};
    const parsed = z.record(z.string(), z.string()).safeParse(safeJson(text));
    if (parsed.success) {
      for (const secret of Object.values(parsed.data)) this.register(secret);
      return parsed.data;
    }
    await this.store.delete(this.account('hook-secrets'));
    this.logger.warn('The stored hook secrets were unreadable and have been deleted; register the hooks again.', { profile: this.profile });
    return {};
  }

  async setHookSecrets(secrets: Record<string, string>): Promise<void> {
    for (const secret of Object.values(secrets)) this.register(secret);
    await this.store.set(this.account('hook-secrets'), JSON.stringify(secrets));
  }

  private slot(what: string): SecretSlot {
    return { read: () => this.read(what), save: (secret) => this.write(what, secret) };
  }

  /** One keychain item per id, under `<profile>/<kind>/<id>`. */
  private keyed(kind: string): KeyedSecrets {
    const what = (id: string): string => `${kind}/${requireId(id)}`;
    return {
      read: (id) => this.read(what(id)),
      save: (id, secret) => this.write(what(id), secret),
      forget: (id) => this.store.delete(this.account(what(id))),
    };
  }

  private async read(what: string): Promise<string | null> {
    const value = await this.store.get(this.account(what));
    if (value !== null) this.register(value);
    return value;
  }

  private async write(what: string, value: string): Promise<void> {
    this.register(value);
    await this.store.set(this.account(what), value);
  }

  private account(what: string): string {
    return `${this.profile}/${what}`;
  }

  private register(secret: string): void {
    this.logger.registerSecret(secret);
  }
}

/** The token, or a description of what is wrong with the stored text (never the text itself). */
function parseToken(text: string): AccessToken | string {
  const json = safeJson(text);
  if (json === undefined) return 'not JSON';
  const parsed = accessTokenSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** The profile is the account's first segment, so it cannot contain the separator. */
function requireProfileName(profile: string): void {
  if (profile === '' || profile.includes('/')) throw new TypeError(`Invalid profile name ${JSON.stringify(profile)}: it must be non-empty and contain no "/".`);
}

/** A channel, destination or video id as part of an account name. */
function requireId(id: string): string {
  if (id === '') throw new TypeError('An id must not be empty.');
  return id;
}

/** Parsed JSON, or undefined (JSON.parse's message quotes the input, which may be a secret). */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
