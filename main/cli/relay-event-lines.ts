// How relay events read on a terminal and as --json lines (the event names DESIGN.md lists).
import type { BridgeEvent } from '../relay/encoder-bridge.js';
import type { EncoderEvent, RelayEvent } from '../relay/relay-types.js';
import type { SafetyCopyEvent } from '../relay/safety-copy.js';
import { emitJson, type CommandContext } from './command-context.js';

type PrintedEvent = EncoderEvent | RelayEvent | SafetyCopyEvent | BridgeEvent;

/**
 * The printer of a command that runs a relay until a signal. Under --json each fact is one line: the relay's
 * own `stopped` for the stop the signal asked is held and told once at the end, with the signal, as the
 * command's last line (a script reads one `stopped`, issue 22).
 */
export function relayEventPrinter(context: CommandContext): { print: (event: PrintedEvent) => void; stopping: (signal: NodeJS.Signals) => void; stopped: () => void } {
  let signal: NodeJS.Signals | null = null;
  let reason: string | null = null;
  return {
    print: (event) => {
      if (context.json && signal !== null && event.event === 'stopped') reason = event.reason;
      else printRelayEvent(context, event);
    },
    stopping: (received) => {
      signal = received;
    },
    stopped: () => {
      if (context.json) emitJson(context, 'stopped', { signal, reason: reason ?? `${signal ?? 'stop'} received` });
    },
  };
}

export function printRelayEvent(context: CommandContext, event: PrintedEvent): void {
  const { event: name, at: _at, ...fields } = event;
  if (context.json) {
    emitJson(context, name, fields);
    return;
  }
  const line = describe(event);
  if (line) context.out.write(`${line}\n`);
}

function describe(event: EncoderEvent | RelayEvent | SafetyCopyEvent | BridgeEvent): string | null {
  // Targets of another destination than the main one are named with it.
  const named = 'role' in event && event.role === 'fanout' ? { ...event, target: { ...event.target, label: `[${event.destination}] ${event.target.label}` } } : event;
  return describeNamed(named);
}

function describeNamed(event: EncoderEvent | RelayEvent | SafetyCopyEvent | BridgeEvent): string | null {
  switch (event.event) {
    case 'encoder-connected':
      return `Encoder connected (${[event.codecs.video, event.codecs.audio].filter(Boolean).join(' + ') || 'codecs not yet known'}${event.width ? `, ${event.width}x${event.height}` : ''}).`;
    case 'encoder-disconnected':
      return `Encoder disconnected (${event.reason}).`;
    case 'encoder-refused':
      return `An encoder was refused: ${event.reason}. Check its stream key.`;
    case 'target-connecting':
      return `Connecting to ${event.target.label}…`;
    case 'target-connected':
      return `Sending to ${event.target.label}.`;
    case 'target-failed':
      // A certificate that is not trusted is its own kind (`kind` in --json lines): the reason says which and what to do.
      if (event.kind === 'untrusted' && !event.fatal) return `${event.target.label} was not used: ${event.reason} Trying the next ingest.`;
      return `${event.target.label} failed: ${event.reason}${event.fatal ? ' (giving up)' : ''}`;
    case 'target-congested':
      return `${event.target.label} cannot keep up: ${event.backlogSeconds.toFixed(1)} s of the stream waits for its link${event.droppedFrames > 0 ? ` (${event.droppedFrames} frames dropped so far)` : ''}; frames are dropped to keep it live.`;
    case 'target-recovered':
      return `${event.target.label} has caught up (${event.droppedFrames} frames dropped in all).`;
    case 'switched':
      return `Switched from ${event.from.label} to ${event.to.label}.`;
    case 'retrying':
      return `Every ingest${event.destination === 'channel' || event.destination === 'main' ? '' : ` of [${event.destination}]`} failed; trying ${event.target.label} again in ${Math.round(event.inMs / 1000)} s.`;
    case 'destination-added':
      return `Destination ${event.label} [${event.destination}] joined the broadcast.`;
    case 'destination-removed':
      return `Destination ${event.label} [${event.destination}] left the broadcast.`;
    case 'session-ended':
      return `Outbound stream ended (${event.reason}).`;
    case 'stats': {
      const encoder = event.stats.encoder;
      const active = event.stats.targets.find((target) => target.id === event.stats.activeTargetId);
      if (!encoder.connected) return null;
      const others = event.stats.destinations.slice(1).map((destination) => `, [${destination.id}] ${destination.state === 'live' ? `${Math.round(destination.bitrateKbps ?? 0)} kb/s` : destination.state}`);
      return `  in ${Math.round(encoder.bitrateKbps ?? 0)} kb/s ${encoder.measuredFps ?? '?'} fps → ${active ? `${active.label} ${Math.round(active.bitrateKbps ?? 0)} kb/s` : 'no target'}${others.join('')}`;
    }
    case 'stopped':
      return `Relay stopped (${event.reason}).`;
    case 'copy-started':
      return `Safety copy: writing ${event.path}`;
    case 'copy-file-closed':
      return `Safety copy: ${event.path} is complete (${(event.bytes / 1024 ** 2).toFixed(1)} MB, ${Math.round(event.durationSeconds)} s).`;
    case 'copy-stopped':
      return event.warning ?? null;
    case 'bridge-started':
      return `Encoder lost: sending the holding slate (${event.slate}) for up to ${Math.round(event.windowMs / 1000)} s while it comes back.`;
    case 'bridge-ended':
      return event.reason === 'encoder-back' ? 'Encoder back: the stream goes on from its first keyframe.' : 'The encoder did not come back in time: ending the stream.';
  }
}
