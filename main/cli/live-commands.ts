// `companion live`: the local ingest relayed to a channel until SIGINT/SIGTERM. `companion relay`: the
// same relay to explicit targets, with no platform.
import { randomBytes } from 'node:crypto';
import { withBridge } from '../relay/bridge-setup.js';
import { startLocalIngest } from '../relay/local-ingest.js';
import { createRelay, fixedTargets } from '../relay/relay.js';
import { startSafetyCopy } from '../relay/safety-copy.js';
import { DEFAULT_INGEST_PORT } from '../settings/live-settings.js';
import { emitJson, noPositionals, stringOption, untilStopped, UsageError, type Command, type CommandContext } from './command-context.js';
import { passwordSignIn, runSignInOptions, signInAdvice, signInForThisRun } from './run-sign-in.js';
import { coreForCommand } from './core-for-command.js';
import { parseListenUrl } from './listen-url.js';
import { BRIDGE_SECONDS, parseBridgeOption } from './bridge-option.js';
import { relayEventPrinter } from './relay-event-lines.js';
import { printRecorderEvent } from './recording-event-lines.js';
import type { LiveService } from '../live/live-service.js';
import { installLastResort } from '../last-resort.js';
import { alsoDestinations, publishTargets } from './also-destinations.js';
import { copyFolderOption } from './copy-folder-option.js';

export const liveCommand: Command = {
  synopsis:
    'live --channel ID [--listen rtmp://127.0.0.1:1935/live] [--record] [--also URL[,URL...]]... [--bridge SECONDS|off] [--copy FOLDER]\n                             relay the local ingest to the channel with failover until Ctrl+C (and to each --also, else the saved destinations)',
  options: { channel: { type: 'string' }, listen: { type: 'string' }, record: { type: 'boolean' }, also: { type: 'string', multiple: true }, bridge: { type: 'string' }, copy: { type: 'string' }, ...runSignInOptions },
  async run(context, values, positionals) {
    noPositionals('live', positionals);
    // A broadcast must not end for one bad socket: for the rest of the process, which ends with this command.
    installLastResort({ logger: context.logger });
    const channelId = stringOption(values, 'channel');
    if (!channelId) throw new UsageError('live needs --channel ID (see `companion channels`)');
    const listen = parseListenUrl(stringOption(values, 'listen'), DEFAULT_INGEST_PORT);
    if (listen.key !== null || listen.app !== 'live') throw new UsageError('live listens on rtmp://HOST:PORT/live; its key is kept in the keychain (the listening line shows it)');
    const also = alsoDestinations(values.also as string[] | undefined, context.logger);
    const copyFolder = await copyFolderOption(values);
    const bridgeMs = parseBridgeOption(stringOption(values, 'bridge'));
    // Given: for this run; not given: the saved choice (60 s unless changed in the app).
    const bridge = bridgeMs === undefined ? undefined : { enabled: bridgeMs !== null, windowSeconds: bridgeMs === null ? BRIDGE_SECONDS.default : bridgeMs / 1000 };
    const signIn = await passwordSignIn(context, values);
    const { print, stopping, stopped } = relayEventPrinter(context);
    // A guest: the channel and --record hold for this run; the app opens with its own choices (issue 22).
    const core = await coreForCommand(context, {}, undefined, {
      ingestPort: listen.port,
      ingestHost: listen.host,
      bridge,
      onRelayEvent: print,
      safetyCopy: { folder: copyFolder, onEvent: print },
      choicesForThisRun: true,
      onRecorderEvent: (event) => printRecorderEvent(context, event),
    });
    const live = core.live;
    try {
      if (!live) throw new Error('the core was built without the live service');
      await signInForThisRun(core, signIn);
      if (core.session.currentStatus() !== 'signed-in') throw new UsageError(`Not signed in to profile ${core.session.profileName}: ${signInAdvice(core.keychain)}.`);
      const state = live.state();
      if (state.ingest.error) throw new Error(state.ingest.error);
      const key = live.revealLocalKey();
      if (context.json) emitJson(context, 'listening', { url: state.ingest.url, key, ...(state.ingest.note ? { port_note: state.ingest.note } : {}) });
      else context.out.write(`${state.ingest.note ? `${state.ingest.note}\n` : ''}Local ingest: ${state.ingest.url}  key: ${key}\nPoint the encoder there; going live on channel ${channelId}. Ctrl+C ends the stream.\n`);
      await live.chooseChannel(channelId);
      // Without --also, the profile's saved destinations that are switched on go live with the channel.
      if (also.length > 0) live.destinations.useForThisRun(also);
      if (values.record === true) await live.setRecordWhenLive(true);
      await live.goLive();
      const signal = await untilStopped();
      stopping(signal);
      await stopRecording(context, live, channelId);
      await live.endLive();
    } finally {
      await core.shutdown('stopped');
    }
    // After the shutdown, whose ingest tells the encoder's leaving: `stopped` is the last line.
    stopped();
    return 0;
  },
};

export const relayCommand: Command = {
  synopsis:
    'relay --listen URL --to URL [--to URL]... [--also URL[,URL...]]... [--bridge SECONDS|off] [--copy FOLDER]\n                             relay a local ingest to explicit targets (failover in order), and to each --also destination at once, no platform',
  options: { listen: { type: 'string' }, to: { type: 'string', multiple: true }, also: { type: 'string', multiple: true }, bridge: { type: 'string' }, copy: { type: 'string' } },
  async run(context, values, positionals) {
    noPositionals('relay', positionals);
    installLastResort({ logger: context.logger });
    const listen = parseListenUrl(stringOption(values, 'listen'), DEFAULT_INGEST_PORT);
    const to = (values.to as string[] | undefined) ?? [];
    const bridgeMs = parseBridgeOption(stringOption(values, 'bridge'));
    if (to.length === 0) throw new UsageError('relay needs at least one --to rtmp[s]://HOST[:PORT]/APP/KEY');
    const copyFolder = await copyFolderOption(values);
    const logger = context.logger;
    const targets = publishTargets('--to', to, 'target-', logger);
    const also = alsoDestinations(values.also as string[] | undefined, logger);
    const key = listen.key ?? randomBytes(12).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x');
    const { print, stopping, stopped } = relayEventPrinter(context);
    const ingest = await startLocalIngest({ host: listen.host, port: listen.port, app: listen.app, streamKey: key, logger, onEvent: print });
    const bridged = await withBridge(ingest, { windowMs: bridgeMs === undefined ? BRIDGE_SECONDS.default * 1000 : bridgeMs, onEvent: print, logger });
    const relay = createRelay({ ingest: bridged.ingest, graceMs: bridged.graceMs, targets: fixedTargets(targets), main: { id: 'main', label: 'main (--to)' }, destinations: also, logger, onEvent: print });
    try {
      if (context.json) emitJson(context, 'listening', { url: ingest.url, key });
      else
        context.out.write(
          `Local ingest: ${ingest.url}  key: ${key}\nRelaying to ${targets.map((target) => target.label).join(', then ')}${also.map((destination) => `, and [${destination.id}] ${destination.label}`).join('')}. Ctrl+C stops.\n`,
        );
      await relay.start();
      const copy = copyFolder === undefined ? null : await startSafetyCopy(ingest, { folder: copyFolder, logger, onEvent: print });
      const signal = await untilStopped();
      stopping(signal);
      await relay.stop(`${signal} received`);
      await copy?.stop();
    } finally {
      await ingest.close();
    }
    // After the ingest closed, which tells an encoder's leaving it had not yet noticed: `stopped` is the last line.
    stopped();
    return 0;
  },
};

/**
 * The recording this run made ends with it, told with its video: the channel's watcher, which would stop it
 * once the channel is off air, ends with the command.
 */
async function stopRecording(context: CommandContext, live: LiveService, channelId: string): Promise<void> {
  if (live.state().recording.state === 'idle') return;
  try {
    await live.stopRecording();
  } catch (error) {
    printRecorderEvent(context, { type: 'recording-failed', channelId, action: 'stop', error: error instanceof Error ? error : new Error(String(error)) });
  }
}
