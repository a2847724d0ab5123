// `companion ui`: browser mode until SIGINT/SIGTERM.
import { Companion } from '../companion.js';
import { builtRendererDir } from '../paths.js';
import { startBrowserModeServer } from '../web/browser-mode-server.js';
import { emitJson, parsePort, type CommandContext } from './command-context.js';

export interface UiOptions {
  readonly host: string | undefined;
  readonly port: string | undefined;
}

export async function runUi(context: CommandContext, options: UiOptions): Promise<number> {
  const port = parsePort(options.port, '--port');
  const companion = new Companion({ shell: 'browser', shellNote: process.env.COMPANION_SHELL_NOTE ?? null });
  const server = await startBrowserModeServer({
    contract: companion.contract,
    implementation: companion,
    events: companion.events,
    rendererDir: builtRendererDir,
    host: options.host,
    port,
    onInternalError: (method, error) => context.err.write(`companion: ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
  });
  if (context.json) {
    emitJson(context, 'ready', { url: server.url, port: server.port });
  } else {
    context.out.write(`Broadcaster Companion is running in browser mode.\nOpen this address (it holds this launch's access token; keep it private):\n\n  ${server.url}\n\nPress Ctrl+C to quit.\n`);
  }

  // `on`, not `once`: a second signal (npm start forwards one, the terminal sends one) must not kill the shutdown.
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.on('SIGINT', () => resolve('SIGINT'));
    process.on('SIGTERM', () => resolve('SIGTERM'));
  });
  await companion.shutdown('The app was closed. Start it again and open the new address it prints.');
  await server.close();
  if (context.json) emitJson(context, 'stopped', { signal });
  else context.out.write('Browser mode stopped.\n');
  return 0;
}
