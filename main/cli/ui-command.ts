// `companion ui`: browser mode until SIGINT/SIGTERM.
import { Companion } from '../companion.js';
import { builtRendererDir } from '../paths.js';
import { startBrowserModeServer } from '../web/browser-mode-server.js';
import { emitJson, noPositionals, portOption, stringOption, untilStopped, type Command } from './command-context.js';

export const uiCommand: Command = {
  synopsis: 'ui [--host H] [--port P]   serve the app in a browser ("browser mode"); prints the address with its token',
  options: { host: { type: 'string' }, port: { type: 'string' } },
  async run(context, values, positionals) {
    noPositionals('ui', positionals);
    const companion = new Companion({ shell: 'browser', shellNote: process.env.COMPANION_SHELL_NOTE ?? null });
    const server = await startBrowserModeServer({
      contract: companion.contract,
      implementation: companion,
      events: companion.events,
      rendererDir: builtRendererDir,
      host: stringOption(values, 'host'),
      port: portOption(values, 'port'),
      onInternalError: (method, error) => context.err.write(`companion: ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
    });
    if (context.json) {
      emitJson(context, 'ready', { url: server.url, port: server.port });
    } else {
      context.out.write(`Broadcaster Companion is running in browser mode.\nOpen this address (it holds this launch's access token; keep it private):\n\n  ${server.url}\n\nPress Ctrl+C to quit.\n`);
    }
    const signal = await untilStopped();
    await companion.shutdown('The app was closed. Start it again and open the new address it prints.');
    await server.close();
    if (context.json) emitJson(context, 'stopped', { signal });
    else context.out.write('Browser mode stopped.\n');
    return 0;
  },
};
