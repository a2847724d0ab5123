// The signed-in state of the active profile: which platform, which token, until when. It signs in (the
// login page through a SignInDriver, with the flow of the profile's dialect: the implicit flow for a MAC
// token or the authorization code flow for a bearer one on the spec's platform, code + PKCE on today's; or
// the password grant for the CLI), keeps tokens in the vault, hands them to the platform client (renewing
// today's platform's tokens with their refresh tokens), says when they run out, and on sign-out revokes
// what the platform can revoke. Every change is a `session` event on `events`.
import { timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { CompanionError, type Contract, type ProfilesInfo, type SessionInfo, type SignInStart } from '../../preload/contract.js';
import type { AccessToken, TokenSource } from '../platform/access-token.js';
import type { SecretSlot } from '../vault/vault.js';
import { deviceName } from '../platform/oauth/device-name.js';
import { clientCredentialsGrant } from '../platform/oauth/token-grants.js';
import { revokeToken } from '../platform/oauth/token-revocation.js';
import { refreshRenewal } from './refresh-renewal.js';
import { passwordFlow, signInFlowFor, type StartedSignIn } from './sign-in-flows.js';
import { checkSignInPage } from './sign-in-page-check.js';
import { connectEmbeddedSandbox, type SandboxConnection } from '../profiles/embedded-sandbox.js';
import { DEFAULT_SANDBOX_PROFILE, parsePlatformProfile, ProfileStore, SANDBOX_PROFILE, validProfileName, type Dialect, type Profile } from '../profiles/profiles.js';
import { SettingsFile, type RecoveryReporter } from '../settings/settings-file.js';
import { signInErrors } from './session-errors.js';
import type { SignInDriver } from './sign-in-driver.js';
import { EXPIRES_SOON_SECONDS, TokenKeeper } from './token-keeper.js';
import { ContractEvents } from '../typed-emitter.js';

/** The vault as the session uses it: tokens and the client secret of one profile. */
export interface ProfileSecrets {
  token(kind: 'user' | 'client'): Promise<AccessToken | null>;
  saveToken(kind: 'user' | 'client', token: AccessToken): Promise<void>;
  deleteToken(kind: 'user' | 'client'): Promise<unknown>;
  readonly clientSecret: SecretSlot;
}

/** Where a profile's platform is and how this app is registered with it. */
export interface PlatformAddress {
  readonly apiUrl: string;
  readonly authUrl: string;
  /** Where the token and revocation endpoints are (`{tokenUrl}/oauth2/token`): the auth address unless the profile says. */
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string | null;
  readonly dialect: Dialect;
  /** Publish over plain RTMP even where the ingest offers RTMPS. */
  readonly plainRtmp: boolean;
}

export interface SessionServiceOptions {
  readonly dataDir: string;
  readonly secretsFor: (profile: string) => ProfileSecrets;
  /** How this shell shows the login page; the CLI without one signs in with the password grant only. */
  readonly signInDriver?: SignInDriver;
  /** Asks for a token that never expires (scope offline). */
  readonly offlineAccess?: boolean;
  /** Finds the platform user name after a sign-in (the platform's token answer does not say). */
  readonly identify?: () => Promise<string | null>;
  readonly now?: () => number;
  /** Told when a damaged settings file (profiles.json, accounts.json) was replaced by the defaults. */
  readonly onSettingsRecovered: RecoveryReporter;
}


const Accounts = z.record(z.string(), z.object({ user: z.string().nullable() }));

interface PendingSignIn {
  readonly started: StartedSignIn;
  readonly profile: string;
}

export class SessionService implements TokenSource {
  readonly events = new ContractEvents<Contract, 'session'>();
  readonly #options: SessionServiceOptions;
  readonly #profiles: ProfileStore;
  /** The platform user name per profile, shown before the platform is asked. */
  readonly #accounts: SettingsFile<typeof Accounts>;
  #profileName = SANDBOX_PROFILE;
  #profile: Profile = DEFAULT_SANDBOX_PROFILE;
  #allProfiles: Record<string, Profile> = { [SANDBOX_PROFILE]: DEFAULT_SANDBOX_PROFILE };
  #sandbox: Promise<SandboxConnection> | null = null;
  #closed = false;
  #user: string | null = null;
  #lastError: { code: string; message: string } | null = null;
  #pending: PendingSignIn | null = null;
  readonly #tokens: TokenKeeper;

  constructor(options: SessionServiceOptions) {
    this.#options = options;
    this.#tokens = new TokenKeeper({
      vault: () => this.#secrets(),
      clientGrant: () => this.#clientGrant(),
      onDeadline: () => void this.#changed(),
      // Only a token with a refresh token (today's platform) is renewed; the spec's tokens simply expire.
      renew: refreshRenewal({
        lockFile: () => join(options.dataDir, 'locks', `refresh-${this.#profileName}.lock`),
        vault: () => this.#secrets(),
        platform: () => this.platform(),
      }),
      now: options.now,
    });
    this.#profiles = new ProfileStore(options.dataDir, options.onSettingsRecovered);
    this.#accounts = new SettingsFile({
      file: join(options.dataDir, 'accounts.json'),
      schema: Accounts,
      label: 'The account names',
      defaults: () => ({}),
      onRecovered: options.onSettingsRecovered,
    });
  }

  /** Loads the active profile and its token. */
  async open(profileOverride?: string): Promise<void> {
    const profiles = await this.#profiles.load();
    this.#allProfiles = profiles.profiles;
    await this.#activate(profileOverride ?? profiles.active);
  }

  async close(): Promise<void> {
    // Final: a call still on its way (a window's request, a queue's retry) must not start the sandbox again,
    // or the app would never exit.
    this.#closed = true;
    this.#tokens.stop();
    const sandbox = this.#sandbox;
    this.#sandbox = null;
    if (sandbox) await (await sandbox).close();
  }

  get profileName(): string {
    return this.#profileName;
  }

  /** The platform user name of the sign-in, when the platform told it (kept while the sign-in is expired). */
  get userName(): string | null {
    return this.#user;
  }

  /** The active profile's dialect (see profiles.ts): known without starting anything. */
  get dialect(): Dialect {
    return this.#profile.dialect;
  }

  get profileKind(): 'sandbox' | 'platform' {
    return this.#profile.kind;
  }

  async platform(): Promise<PlatformAddress> {
    const { dialect, plainRtmp } = this.#profile;
    if (this.#profile.kind === 'platform') {
      const { apiUrl, authUrl, tokenUrl, clientId } = this.#profile;
      return { apiUrl, authUrl, tokenUrl: tokenUrl ?? authUrl, clientId, clientSecret: await this.#secrets().clientSecret.read(), dialect, plainRtmp };
    }
    const sandbox = await this.#embeddedSandbox();
    // The sandbox knows the app under two registrations: the spec's client, and a native client of today's platform.
    const client = dialect === 'current' ? { clientId: sandbox.nativeClientId, clientSecret: null } : { clientId: sandbox.clientId, clientSecret: sandbox.clientSecret };
    return { apiUrl: sandbox.apiUrl, authUrl: sandbox.authUrl, tokenUrl: sandbox.authUrl, ...client, dialect, plainRtmp };
  }

  /** The embedded sandbox of the sandbox profile (started on first need). */
  async sandbox(): Promise<SandboxConnection | null> {
    return this.#profile.kind === 'sandbox' ? this.#embeddedSandbox() : null;
  }

  /** The sign-in state without asking anything (info() may start the embedded sandbox). */
  currentStatus(): SessionInfo['status'] {
    return this.#tokens.status();
  }

  async info(): Promise<SessionInfo> {
    const now = this.#now();
    const token = this.#tokens.user;
    const expired = this.#tokens.status() === 'expired';
    const sandbox = this.#profile.kind === 'sandbox' && this.#sandbox ? await this.#sandbox.catch(() => null) : null;
    const platform = this.#profile.kind === 'platform' ? { apiUrl: this.#profile.apiUrl, authUrl: this.#profile.authUrl } : sandbox ? { apiUrl: sandbox.apiUrl, authUrl: sandbox.authUrl } : null;
    const renewable = token !== null && token.type === 'bearer' && token.refreshToken !== undefined;
    return {
      profile: this.#profileName,
      profileKind: this.#profile.kind,
      dialect: this.#profile.dialect,
      platform,
      status: token === null ? 'signed-out' : expired ? 'expired' : 'signed-in',
      user: token === null ? null : this.#user,
      tokenType: token?.type ?? null,
      scopes: token ? [...token.scopes] : [],
      expiresAt: token?.expiresAt ?? null,
      expiresSoon: token !== null && !renewable && !expired && token.expiresAt !== null && token.expiresAt - now <= EXPIRES_SOON_SECONDS,
      renewable,
      lastError: this.#lastError,
      sandboxLogin: sandbox ? sandbox.demo : null,
    };
  }

  profilesInfo(): ProfilesInfo {
    return {
      active: this.#profileName,
      profiles: Object.entries(this.#allProfiles)
        .map(([name, profile]) => ({ name, kind: profile.kind, dialect: profile.dialect, apiUrl: profile.kind === 'platform' ? profile.apiUrl : null }))
        .sort((a, b) => (a.name === SANDBOX_PROFILE ? -1 : b.name === SANDBOX_PROFILE ? 1 : a.name.localeCompare(b.name))),
    };
  }

  async switchProfile(name: string): Promise<SessionInfo> {
    if (!this.#allProfiles[name]) throw signInErrors.unknownProfile(name, Object.keys(this.#allProfiles));
    const profiles = await this.#profiles.load();
    await this.#profiles.save({ ...profiles, active: name });
    await this.#activate(name);
    return this.#changed();
  }

  /**
   * Creates or updates a platform profile and uses it in this process (`companion login --profile p --api-url …`);
   * the profile the app opens with stays as it was. Missing settings keep their current value; a new profile
   * needs all three addresses.
   */
  async configurePlatformProfile(name: string, settings: { apiUrl?: string; authUrl?: string; tokenUrl?: string; clientId?: string; dialect?: Dialect; plainRtmp?: boolean }, clientSecret?: string): Promise<void> {
    const problem = validProfileName(name);
    if (problem) throw new CompanionError('bad_request', `The profile name ${JSON.stringify(name)} is not valid: ${problem}.`);
    const profiles = await this.#profiles.load();
    const current = profiles.profiles[name];
    if (current?.kind === 'sandbox') throw new CompanionError('bad_request', 'The sandbox profile takes its addresses from the embedded sandbox.');
    const merged = { kind: 'platform', ...(current ?? {}), ...Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) };
    let profile: Profile;
    try {
      profile = parsePlatformProfile(merged);
    } catch {
      throw new CompanionError('bad_request', `The profile ${name} needs an API address (--api-url), an authorization server address (--auth-url) and a client id (--client-id), the addresses http(s) URLs.`);
    }
    const inClear = profile.kind === 'platform' ? [profile.apiUrl, profile.authUrl, profile.tokenUrl].find((address) => address !== undefined && !safeTransport(address)) : undefined;
    if (inClear !== undefined) throw signInErrors.addressInClear(inClear);
    profiles.profiles[name] = profile;
    await this.#profiles.save(profiles);
    this.#allProfiles = profiles.profiles;
    if (clientSecret !== undefined) await this.#options.secretsFor(name).clientSecret.save(clientSecret);
    await this.#activate(name);
  }

  /**
   * Sets the active profile's dialect (the sandbox speaks both) or its plain-RTMP switch; its sign-in, if any,
   * stays. `forThisRun`: in this process only, the saved profile untouched (a command's `--dialect`, issue 22).
   */
  async chooseProfileSettings(settings: { readonly dialect?: Dialect; readonly plainRtmp?: boolean }, forThisRun = false): Promise<void> {
    const wanted = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
    if (Object.entries(wanted).every(([name, value]) => this.#profile[name as keyof Profile] === value)) return;
    const profiles = forThisRun ? { active: this.#profileName, profiles: { ...this.#allProfiles } } : await this.#profiles.load();
    const profile = { ...profiles.profiles[this.#profileName]!, ...wanted };
    profiles.profiles[this.#profileName] = profile;
    if (!forThisRun) await this.#profiles.save(profiles);
    this.#allProfiles = profiles.profiles;
    this.#profile = profile;
    await this.#changed();
  }

  /** TokenSource for the platform client: null (so the call asks for sign-in) when there is none or it ran out. */
  async token(kind: 'user' | 'client'): Promise<AccessToken | null> {
    const token = await this.#tokens.token(kind);
    // An expired sign-in is said to the windows as soon as a call meets it.
    if (kind === 'user' && token === null && this.#tokens.user !== null) void this.#changed();
    return token;
  }

  /** TokenSource: the platform refused this user token; a renewed one to ask again with, or null. */
  async renewRefused(token: AccessToken): Promise<AccessToken | null> {
    return this.#tokens.renewRefused(token);
  }

  /**
   * Starts a sign-in on the platform's login page: done at once in Electron and the CLI; browser mode navigates
   * and comes back. On the spec's platform a MAC token comes from the implicit flow, a bearer token from the
   * authorization code flow (the spec implements MAC tokens for the implicit flow only, and the broadcaster
   * scope for MAC tokens only); today's platform has the code flow with PKCE only.
   */
  async beginSignIn(scopes: ('broadcaster' | 'offline')[] = this.#scopes(), tokenType?: 'mac' | 'bearer'): Promise<SignInStart> {
    const driver = this.#options.signInDriver;
    if (!driver) throw signInErrors.noDriver();
    const platform = await this.platform();
    const flow = signInFlowFor(platform.dialect, tokenType ?? driver.defaultTokenType);
    const started = flow.begin({ ...platform, redirectUri: driver.redirectUri(), scopes, deviceName: deviceName(), profile: this.#profileName });
    this.#pending = { started, profile: this.#profileName };
    this.#lastError = null;
    await checkSignInPage(started.url);
    const result = await driver.authorize(started.url);
    if (result === null) return { kind: 'navigate', url: started.url };
    await this.completeSignIn(result);
    return { kind: 'done', session: await this.info() };
  }

  /** The login page's redirect came back (from a driver or browser mode's callback route). */
  async completeSignIn(redirectedTo: string): Promise<SessionInfo> {
    const pending = this.#pending;
    const state = new URL(redirectedTo).searchParams.get('state') ?? new URLSearchParams(new URL(redirectedTo).hash.slice(1)).get('state');
    if (!pending || state === null || !sameText(state, pending.started.state)) {
      // A wrong state leaves the pending sign-in in place: the real answer may still come.
      throw pending ? signInErrors.stateMismatch() : signInErrors.noPendingSignIn();
    }
    this.#pending = null;
    const result = await pending.started.finish(redirectedTo);
    if ('error' in result) {
      const error = result.error === 'access_denied' ? signInErrors.accessDenied() : signInErrors.platformError(result.error, result.description);
      this.#lastError = { code: error.code, message: error.message };
      await this.#changed();
      throw error;
    }
    await this.#signedIn(result.token);
    return this.info();
  }

  /** The CLI's sign-in: the password grant (the client secret goes with it). */
  async signInWithPassword(username: string, password: string, tokenType: 'mac' | 'bearer' = 'mac', scopes = this.#scopes()): Promise<SessionInfo> {
    const platform = await this.platform();
    if (platform.dialect === 'current') throw signInErrors.noPasswordGrant(this.#profileName);
    const request = { ...platform, scopes, deviceName: deviceName(), profile: this.#profileName };
    await this.#signedIn(await passwordFlow(tokenType).signIn(request, { username, password }));
    return this.info();
  }

  /**
   * Forgets the sign-in. A sign-in of today's platform is revoked first (its refresh token, then its access
   * token), so a copy of the keychain item is worth nothing; when the platform cannot be told, the tokens
   * are forgotten here anyway and the session says so.
   */
  async signOut(): Promise<SessionInfo> {
    const revocation = await this.#revoke(this.#tokens.user).catch((error: unknown) => error);
    await this.#tokens.forget();
    this.#user = null;
    this.#lastError = revocation === undefined ? null : signInErrors.revocationFailed(revocation);
    await this.#saveUser(null);
    return this.#changed();
  }

  async #revoke(token: AccessToken | null): Promise<void> {
    if (token === null || token.type !== 'bearer' || token.refreshToken === undefined) return;
    const { tokenUrl, clientId, clientSecret } = await this.platform();
    await revokeToken({ tokenUrl, clientId, clientSecret, token: token.refreshToken, tokenTypeHint: 'refresh_token' });
    await revokeToken({ tokenUrl, clientId, clientSecret, token: token.accessToken, tokenTypeHint: 'access_token' });
  }

  /** Records the platform user name once a call revealed it (a channel's owner). */
  async rememberUser(user: string): Promise<void> {
    if (this.#user === user) return;
    this.#user = user;
    await this.#saveUser(user);
    await this.#changed();
  }

  /**
   * The platform refused the user token (401): revoked on its website or expired early. The session reads
   * "expired" until the next sign-in, so the UI asks for one instead of failing call after call.
   */
  async tokenRefused(): Promise<void> {
    if (!this.#tokens.refused()) return;
    this.#lastError = { code: 'sign_in_needed', message: 'The platform no longer accepts your sign-in (it expired or was revoked). Sign in again.' };
    await this.#changed();
  }

  /**
   * The platform refused the application's own (client-credentials) token: it is forgotten, so the next
   * client call asks for a fresh one. The user's sign-in is not touched.
   */
  async clientTokenRefused(): Promise<void> {
    await this.#tokens.clientRefused();
  }

  async #signedIn(token: AccessToken): Promise<void> {
    await this.#tokens.signedIn(token);
    this.#lastError = null;
    // The name is a nicety: a sign-in that works but cannot tell it is still a sign-in.
    const user = this.#options.identify ? await this.#options.identify().catch(() => null) : null;
    this.#user = user;
    await this.#saveUser(user);
    await this.#changed();
  }

  async #activate(name: string): Promise<void> {
    const profile = this.#allProfiles[name];
    if (!profile) throw signInErrors.unknownProfile(name, Object.keys(this.#allProfiles));
    if (this.#sandbox && profile.kind !== 'sandbox') {
      const sandbox = this.#sandbox;
      this.#sandbox = null;
      await (await sandbox).close();
    }
    this.#profileName = name;
    this.#profile = profile;
    this.#pending = null;
    this.#lastError = null;
    await this.#tokens.load();
    this.#user = await this.#loadUser();
  }

  #embeddedSandbox(): Promise<SandboxConnection> {
    if (this.#closed) return Promise.reject(new Error('The app is closing: the embedded sandbox is stopped.'));
    this.#sandbox ??= connectEmbeddedSandbox(this.#options.dataDir);
    const started = this.#sandbox;
    // A failed start is not cached: the next call tries again.
    started.catch(() => {
      if (this.#sandbox === started) this.#sandbox = null;
    });
    return started;
  }

  /** The application's own token from the platform (client credentials); null without a client secret. */
  async #clientGrant(): Promise<AccessToken | null> {
    const platform = await this.platform();
    if (platform.clientSecret === null) return null;
    return clientCredentialsGrant({ tokenUrl: platform.tokenUrl, clientId: platform.clientId, clientSecret: platform.clientSecret, deviceName: deviceName() });
  }

  #secrets(): ProfileSecrets {
    return this.#options.secretsFor(this.#profileName);
  }

  #scopes(): ('broadcaster' | 'offline')[] {
    return this.#options.offlineAccess ? ['broadcaster', 'offline'] : ['broadcaster'];
  }

  #now(): number {
    return this.#options.now?.() ?? Math.floor(Date.now() / 1000);
  }

  async #changed(): Promise<SessionInfo> {
    const info = await this.info();
    this.events.emit('session', info);
    return info;
  }

  async #loadUser(): Promise<string | null> {
    return (await this.#accounts.read())[this.#profileName]?.user ?? null;
  }

  async #saveUser(user: string | null): Promise<void> {
    const accounts = await this.#accounts.read();
    accounts[this.#profileName] = { user };
    await this.#accounts.write(accounts);
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** https://, or http:// to this computer only (a platform under test, the sandbox on another port). */
function safeTransport(address: string): boolean {
  const url = new URL(address);
  if (url.protocol === 'https:') return true;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

