// How relay events read on a terminal and as --json lines (the event names DESIGN.md lists).
import type { BridgeEvent } from '../relay/encoder-bridge.js';
import type { EncoderEvent, RelayEvent } from '../relay/relay-types.js';
import { emitJson, type CommandContext } from './command-context.js';

export function printRelayEvent(context: CommandContext, event: EncoderEvent | RelayEvent | BridgeEvent): void {
  const { event: name, at: _at, ...fields } = event;
  if (context.json) {
    emitJson(context, name, fields);
    return;
  }
  const line = describe(event);
  if (line) context.out.write(`${line}\n`);
}

function describe(event: EncoderEvent | RelayEvent | BridgeEvent): string | null {
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
    case 'switched':
      return `Switched from ${event.from.label} to ${event.to.label}.`;
    case 'retrying':
      return `Every ingest failed; trying ${event.target.label} again in ${Math.round(event.inMs / 1000)} s.`;
    case 'session-ended':
      return `Outbound stream ended (${event.reason}).`;
    case 'stats': {
      const encoder = event.stats.encoder;
      const active = event.stats.targets.find((target) => target.id === event.stats.activeTargetId);
      if (!encoder.connected) return null;
      return `  in ${Math.round(encoder.bitrateKbps ?? 0)} kb/s ${encoder.measuredFps ?? '?'} fps → ${active ? `${active.label} ${Math.round(active.bitrateKbps ?? 0)} kb/s` : 'no target'}`;
    }
    case 'stopped':
      return `Relay stopped (${event.reason}).`;
    case 'bridge-started':
      return `Encoder lost: sending the holding slate (${event.slate}) for up to ${Math.round(event.windowMs / 1000)} s while it comes back.`;
    case 'bridge-ended':
      return event.reason === 'encoder-back' ? 'Encoder back: the stream goes on from its first keyframe.' : 'The encoder did not come back in time: ending the stream.';
  }
}
