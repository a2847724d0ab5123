// The embedded platform sandbox: the one entry point through which main/ and the CLI start it.
// It runs an authorization server, the REST API (with today's /v2 upload in parts), an FTP upload server
// and an RTMP ingest, all on loopback by default, over one shared state.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from './http/router.js';
import { serveRouter } from './http/serve-router.js';
import type { SandboxUrls } from './http/request-context.js';
import { SandboxStore } from './state/sandbox-store.js';
import { DEMO_PASSWORD, DEMO_USERNAME, RIVAL_PASSWORD, RIVAL_USERNAME } from './state/seed.js';
import { createAdmin, type SandboxAdmin } from './admin.js';
import { registerAdminRoutes } from './admin-routes.js';
import { randomToken } from './state/random.js';
import { registerAuthRoutes } from './auth/auth-routes.js';
import { registerChannelRoutes, type BroadcastAddresses } from './api/channel-routes.js';
import { registerVideoRoutes } from './api/video-routes.js';
import { registerManagerRoutes } from './api/manager-routes.js';
import { registerDevicePasswordRoutes } from './api/device-password-routes.js';
import { registerCustomMetadataRoutes } from './api/custom-metadata-routes.js';
import { registerLookRoutes } from './api/look-routes.js';
import { registerSecurityRoutes } from './api/security-routes.js';
import { registerVideoEditRoutes } from './api/video-edit-routes.js';
import { registerVideoMetadataRoutes } from './api/video-metadata-routes.js';
import { registerVideoDownloadRoutes } from './api/video-download-routes.js';
import { registerVideoMediaRoutes } from './api/video-media-routes.js';
import { startVideoMedia } from './media/video-media.js';
import { collectionLimits, type CollectionLimits } from './api/collection-capacity.js';
import { registerFeaturedVideoRoutes } from './api/featured-video-routes.js';
import { registerPlaylistRoutes } from './api/playlist-routes.js';
import { registerPlaylistVideoRoutes } from './api/playlist-video-routes.js';
import { registerUpcomingEventRoutes } from './api/upcoming-event-routes.js';
import { registerLabelRoutes } from './api/label-routes.js';
import { registerCaptionRoutes } from './api/caption-routes.js';
import { registerChapterRoutes } from './api/chapter-routes.js';
import { HookDispatcher } from './hooks/hook-dispatcher.js';
import { registerHookRoutes } from './hooks/hook-routes.js';
import { startUploadService, type FtpAdvertised } from './ftp/upload-service.js';
import { registerUploadRoutes } from './ftp/upload-routes.js';
import { startPartUploadService } from './uploads-v2/part-upload-service.js';
import { registerPartUploadRoutes } from './uploads-v2/part-upload-routes.js';
import { registerUploadStatusRoute } from './uploads-v2/upload-status-route.js';
import { startRtmpIngest, type RtmpIngest } from './live/rtmp-ingest.js';
import { registerLiveRoutes } from './live/live-routes.js';
import { RateLimiter, type RateLimitBudget } from './http/rate-limiter.js';
import { startRtmpsIngest, type RtmpsIngest } from './live/rtmps-ingest.js';

export type { SandboxAdmin } from './admin.js';
export type { FtpAdvertised } from './ftp/upload-service.js';
export type { CollectionLimits } from './api/collection-capacity.js';
export { DEFAULT_RATE_LIMIT, type RateLimitBudget } from './http/rate-limiter.js';
export { BENEFITS, HOOK_EVENTS, type Benefit, type HookEvent } from './state/model.js';

export interface SandboxOptions {
  /** Interface to listen on; 127.0.0.1 unless told otherwise. */
  readonly host?: string;
  /** 0 (the default) picks a free port. */
  readonly apiPort?: number;
  readonly authPort?: number;
  readonly ftpPort?: number;
  readonly rtmpPort?: number;
  /** The RTMPS ingest (TLS in front of the RTMP one); 0 (the default) picks a free port. */
  readonly rtmpsPort?: number;
  /** Persist the state here across restarts; in memory only when absent. */
  readonly stateFile?: string | null;
  /** Where recordings and uploaded files go; a new temporary folder (removed on close) when absent. */
  readonly dataDir?: string;
  /** Hand out this FTP server for uploads instead of running one; the sandbox reads uploaded files from `root`. */
  readonly externalFtp?: { readonly url: string; readonly root: string };
  /**
   * Where clients reach the sandbox's own FTP server when not at its interface (a proxy in front of it, as
   * test/support/shaped-link.mjs puts one): the host that upload details and passive replies give, and the
   * passive ports to use (a proxy forwards a fixed range). Its interface and ephemeral ports otherwise.
   */
  readonly ftpAdvertised?: FtpAdvertised;
  /** Milliseconds per upload processing step after FTP's `ready` or the parts' `completed` (tests shorten it). */
  readonly uploadStepMs?: number;
  /** Least milliseconds from a download request to `available` (default 1500; tests shorten it). */
  readonly downloadGenerationMs?: number;
  /** Least milliseconds from a copy request to finished (default 1500; tests shorten it). */
  readonly copyMs?: number;
  /** Milliseconds a caption stays `processing` after an upload before it is `active` (default 3000; tests shorten it). */
  readonly captionProcessingMs?: number;
  /** Told about failures that are the sandbox's own bugs. */
  readonly onInternalError?: (error: unknown) => void;
  /** Capacity of featured lists and playlists (default 10 featured videos, 20 videos a playlist; docs/sandbox.md). */
  readonly collectionLimits?: Partial<CollectionLimits>;
  /** The API's rate limit per caller and endpoint (default 10,000 calls per 10 s; docs/sandbox.md); the operator can change it while running. */
  readonly rateLimit?: RateLimitBudget;
}

export interface Sandbox extends SandboxUrls {
  /** The app's registration in the spec's dialect (parts A and B). */
  readonly client: { readonly id: string; readonly secret: string };
  /** The app's registration as a native application of today's platform (code + PKCE, no secret sent). */
  readonly nativeClient: { readonly id: string };
  readonly demo: { readonly username: string; readonly password: string };
  /** A second user, for ownership errors. */
  readonly rival: { readonly username: string; readonly password: string };
  /** The TLS ingest, rtmps://<address>:<port>/live: what `ingest.json` gives clients of today's platform as `rtmps_url`. */
  readonly rtmpsUrl: string;
  /**
   * The certificate (PEM, public) of the authority that signed the TLS ingest's certificate, made at this
   * start: the sandbox profile trusts it, beside the system's authorities; nothing else should.
   */
  readonly rtmpsCaCertificate: string;
  /** The same certificate in `<data dir>/rtmps-ca.pem`, for encoders and tools outside the app. */
  readonly rtmpsCaFile: string;
  readonly dataDir: string;
  readonly admin: SandboxAdmin;
  /** For the operator's HTTP calls under /_sandbox/ (Authorization: Bearer <adminKey>). */
  readonly adminKey: string;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const store = new SandboxStore(options.stateFile ?? null);
  const closers: (() => Promise<void>)[] = [];
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'companion-sandbox-')));
  if (options.dataDir === undefined) closers.push(() => rm(dataDir, { recursive: true, force: true }));
  let closing: Promise<void> | null = null;
  const closeAll = (): Promise<void> =>
    (closing ??= (async () => {
      for (const close of [...closers].reverse()) await close();
      await store.flushed();
    })());
  try {
    return await startParts();
  } catch (error) {
    // A part that failed to start (a port in use...) must not leave the others running.
    await closeAll().catch(() => undefined);
    throw error;
  }

  async function startParts(): Promise<Sandbox> {
    let urls: SandboxUrls = { apiUrl: '', authUrl: '', ftpUrl: '', rtmpUrl: '' };

    const authRouter = new Router();
    const apiRouter = new Router();
    // sandbox parts register their routes here (auth, channels, live, uploads, videos, hooks)
    registerAuthRoutes(authRouter, store);
    const hooks = new HookDispatcher(store);
    closers.push(async () => hooks.close());
    // Filled in once the RTMP ingest listens; the channel list reads it per request.
    let broadcastAddresses: BroadcastAddresses = { rtmpUrls: () => [] };
    registerChannelRoutes(apiRouter, { rtmpUrls: () => broadcastAddresses.rtmpUrls() });
    registerVideoRoutes(apiRouter);
    registerManagerRoutes(apiRouter);
    registerDevicePasswordRoutes(apiRouter);
    registerCustomMetadataRoutes(apiRouter);
    registerLookRoutes(apiRouter);
    registerSecurityRoutes(apiRouter);
    const videoMedia = startVideoMedia({ store, dataDir, downloadGenerationMs: options.downloadGenerationMs, copyMs: options.copyMs, onInternalError: options.onInternalError });
    closers.push(() => videoMedia.close());
    registerVideoEditRoutes(apiRouter);
    registerVideoMetadataRoutes(apiRouter);
    registerVideoDownloadRoutes(apiRouter, videoMedia.downloads);
    registerVideoMediaRoutes(apiRouter, videoMedia.copies);
    const limits = collectionLimits(options.collectionLimits);
    registerFeaturedVideoRoutes(apiRouter, limits);
    registerPlaylistRoutes(apiRouter, limits);
    registerPlaylistVideoRoutes(apiRouter, limits);
    registerUpcomingEventRoutes(apiRouter);
    registerLabelRoutes(apiRouter);
    registerCaptionRoutes(apiRouter, { processingMs: options.captionProcessingMs });
    registerChapterRoutes(apiRouter);
    registerHookRoutes(apiRouter, hooks);
    // The ingest starts last (its routes need the API's address); the operator's crash call reaches it once it runs.
    let runningIngest: RtmpIngest | null = null;
    // Today's upload in parts (every client may use it) and the status GET it shares with the FTP flow.
    const partUploads = startPartUploadService({ store, dataDir, stepMs: options.uploadStepMs, onInternalError: options.onInternalError });
    closers.push(() => partUploads.close());
    registerPartUploadRoutes(apiRouter, partUploads);
    registerUploadStatusRoute(apiRouter);
    const rateLimits = new RateLimiter(options.rateLimit);
    let runningTls: RtmpsIngest | null = null;
    const admin = createAdmin(store, hooks, () => runningIngest, () => runningTls, partUploads, rateLimits);
    const adminKey = randomToken(24);
    registerAdminRoutes(apiRouter, admin, adminKey);
    const uploads = await startUploadService({
      store,
      dataDir,
      host,
      ftpPort: options.ftpPort ?? 0,
      externalFtp: options.externalFtp,
      advertised: options.ftpAdvertised,
      stepMs: options.uploadStepMs,
      onInternalError: options.onInternalError,
    });
    closers.push(() => uploads.close());
    urls = { ...urls, ftpUrl: uploads.ftpUrl };
    registerUploadRoutes(apiRouter, uploads);

    const authServer = serveRouter({ router: authRouter, store, urls: () => urls, onInternalError: options.onInternalError });
    // The auth server is not limited (docs/sandbox.md): a sign-in must never wait behind a budget.
    const apiServer = serveRouter({ router: apiRouter, store, urls: () => urls, onInternalError: options.onInternalError, rateLimits });
    const authPort = await listen(authServer, host, options.authPort ?? 0);
    closers.push(() => closeServer(authServer));
    const apiPort = await listen(apiServer, host, options.apiPort ?? 0);
    closers.push(() => closeServer(apiServer));
    const shown = host.includes(':') ? `[${host}]` : host;
    urls = { ...urls, apiUrl: `http://${shown}:${apiPort}`, authUrl: `http://${shown}:${authPort}` };
    const ingest = await startRtmpIngest({ store, host, port: options.rtmpPort ?? 0, dataDir });
    runningIngest = ingest;
    closers.push(() => ingest.close());
    urls = { ...urls, rtmpUrl: ingest.url };
    broadcastAddresses = ingest;
    const tls = await startRtmpsIngest({ host, port: options.rtmpsPort ?? 0, rtmpPort: Number(new URL(ingest.url).port) });
    runningTls = tls;
    closers.push(() => tls.close());
    // For encoders and tools outside the app (ffmpeg -ca_file, NODE_EXTRA_CA_CERTS): public, new at each start.
    const rtmpsCaFile = join(dataDir, 'rtmps-ca.pem');
    await writeFile(rtmpsCaFile, tls.caCertificate);
    // Registered once the ingest runs (the routes need it); no one has the API's address before we return.
    registerLiveRoutes(apiRouter, ingest, tls);

    const client = store.appClient('spec');
    return {
      ...urls,
      client: { id: client.id, secret: client.secret },
      nativeClient: { id: store.appClient('current').id },
      demo: { username: DEMO_USERNAME, password: DEMO_PASSWORD },
      rival: { username: RIVAL_USERNAME, password: RIVAL_PASSWORD },
      rtmpsUrl: tls.url,
      rtmpsCaCertificate: tls.caCertificate,
      rtmpsCaFile,
      dataDir,
      admin,
      adminKey,
      close: closeAll,
    };
  }
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
