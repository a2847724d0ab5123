// `companion ui`: browser mode until SIGINT/SIGTERM.
import { contract } from '../../preload/contract.js';
import { createCore } from '../core.js';
import { installLastResort } from '../last-resort.js';
import { builtRendererDir } from '../paths.js';
import { describeKeychain } from '../vault/keychain-status.js';
import { startBrowserModeServer, OAUTH_CALLBACK_PATH } from '../web/browser-mode-server.js';
import { emitJson, noPositionals, portOption, stringOption, untilStopped, type Command } from './command-context.js';

export const uiCommand: Command = {
  synopsis: 'ui [--host H] [--port P] [--ingest-port P]\n                             serve the app in a browser ("browser mode"); prints the address with its token',
  options: { host: { type: 'string' }, port: { type: 'string' }, 'ingest-port': { type: 'string' } },
  // Browser mode is the app: its log shows in the terminal that runs it, as the app's would.
  consoleLogLevel: 'info',
  async run(context, values, positionals) {
    noPositionals('ui', positionals);
    // Browser mode is the app: one bad socket must not end it (and a broadcast with it). For the rest
    // of the process, which ends with this command.
    installLastResort({ logger: context.logger });
    let origin = '';
    const core = await createCore({
      shell: 'browser',
      shellNote: process.env.COMPANION_SHELL_NOTE ?? null,
      profile: context.profile,
      logger: context.logger,
      // The page itself goes to the login page; the platform sends it back to the callback route. The browser
      // keeps that address in its history: by default it carries a one-time code (code flow), not a token.
      signInDriver: { defaultTokenType: 'bearer', redirectUri: () => `${origin}${OAUTH_CALLBACK_PATH}`, authorize: async () => null },
      live: { ingestPort: portOption(values, 'ingest-port') },
      uploads: {},
      hookReceiver: true,
      videoCopies: true,
      videoDownloads: {},
      desktopSettings: true,
    });
    const { services, events, session, dispatch } = core;
    const server = await startBrowserModeServer({
      contract,
      implementation: services,
      events,
      dispatch,
      rendererDir: builtRendererDir,
      host: stringOption(values, 'host'),
      port: portOption(values, 'port'),
      oauthCallback: async (callbackUrl, appUrl) => {
        try {
          await session.completeSignIn(callbackUrl.href);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          // Only a pending sign-in's own answer may lead back into the app; anything else is refused here.
          if (code === 'state_mismatch') return { status: 400, message: (error as Error).message };
          // access_denied and platform errors: the app shows them on its Sign-in panel.
        }
        return { location: `${appUrl}#/sign-in` };
      },
    });
    origin = server.origin;
    // Start the sandbox profile's platform now, so the first page load finds it running.
    void session.sandbox().catch((error: unknown) => core.logger.error('The embedded sandbox could not start', { error }));
    // Ports taken by another program were replaced for this run; the streamer must know which ones to use.
    const portNote = server.busyPort === null ? null : `Port ${server.busyPort} is in use, so the app listens on ${server.port} instead.`;
    const ingestNote = core.live?.state().ingest.note ?? null;
    if (portNote) core.logger.warn(portNote);
    if (context.json) {
      emitJson(context, 'ready', {
        url: server.url,
        port: server.port,
        ingest_url: core.live?.ingestUrl ?? null,
        keychain: describeKeychain(core.keychain.state),
        ...(portNote ? { port_note: portNote } : {}),
        ...(ingestNote ? { ingest_note: ingestNote } : {}),
      });
    } else {
      const notes = [portNote, ingestNote].filter((note) => note !== null).map((note) => `${note}\n`).join('');
      context.out.write(`Broadcaster Companion is running in browser mode.\n${notes}Open this address (it holds this launch's access token; keep it private):\n\n  ${server.url}\n\nPress Ctrl+C to quit.\n`);
    }
    const signal = await untilStopped();
    await core.shutdown('The app was closed. Start it again and open the new address it prints.');
    await server.close();
    if (context.json) emitJson(context, 'stopped', { signal });
    else context.out.write('Browser mode stopped.\n');
    return 0;
  },
};
