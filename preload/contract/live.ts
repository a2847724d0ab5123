// Going live: the local ingest, the relay to the channel, the cloud recorder.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { ChannelChoice } from './common.js';
import { DestinationInput, destinationId, destinationRow } from './live-destinations.js';
import { LiveHistory } from './live-history.js';
import { SafetyCopyChoice, SafetyCopyState } from './safety-copy.js';

export { DestinationFailureKind, DestinationInput } from './live-destinations.js';
export { LiveHistory, LiveHistoryMarkKind } from './live-history.js';

const StepState = z.enum(['pending', 'running', 'ok', 'failed']);

/** The moments a streamer must not miss while on air (and a failed start's reason). */
export const AlarmKind = z.enum(['encoder-lost', 'ingests-failing', 'key-refused', 'disk', 'network']);
/**
 * The one state of the broadcast that the header, the checklist and the panel all read (on-air-state.ts):
 * `trouble` is on air with something wrong; `liveSince` (ms since the epoch) counts the uptime.
 */
export const OnAir = z.object({
  status: z.enum(['off-air', 'starting', 'live', 'trouble', 'ending']),
  liveSince: z.number().nullable(),
  alarm: z
    .object({
      kind: AlarmKind,
      /** ms since the epoch: when it started ("lost 0:23 ago"). */
      since: z.number(),
      title: z.string(),
      /** What the app is doing about it; `countdown` adds a clock the panel ticks ("… for 0:47", "… in 0:05") from `from` to `until` (ms). */
      doing: z.string(),
      countdown: z.object({ word: z.enum(['for', 'in']), from: z.number(), until: z.number() }).nullable(),
      /** What the streamer can do. */
      youCan: z.string(),
    })
    .nullable(),
  /** The last failover on air that worked (the stream moved to another ingest of the channel), said in a sentence; null off air. */
  movedOn: z.object({ since: z.number(), message: z.string() }).nullable(),
});
export type OnAir = z.output<typeof OnAir>;
/** The encoder-drop bridge's switch and window (1 s to 1 h). */
export const BridgeChoice = z.object({ enabled: z.boolean(), windowSeconds: z.number().int().min(1).max(3600) });

const LiveStateFields = z.object({
  /** Where the encoder publishes: the local ingest, always running while the app runs. */
  ingest: z.object({
    url: z.string().nullable(),
    /** The local stream key with all but its last 4 characters hidden; revealLocalKey() shows it. */
    keyMasked: z.string().nullable(),
    error: z.string().nullable(),
    /** Set when the saved port was taken and the ingest listens on another one for this run: says so, with the address to use. */
    note: z.string().nullable(),
    /** A free port offered in one click with the note or the error (a taken port); null when there is nothing to offer. */
    freePort: z.number().int().nullable(),
    /** The saved port (null until known), and this run's instead of it (`ui --ingest-port`) until one is chosen in the app. */
    savedPort: z.number().int().nullable(),
    runPort: z.number().int().nullable(),
  }),
  /** `managedFor`: the owner's name when the user manages the channel for them; null for the user's own. */
  channel: z.object({ id: z.string(), title: z.string(), managedFor: z.string().nullable() }).nullable(),
  phase: z.enum(['idle', 'starting', 'live', 'ending', 'failed']),
  /** What the channel is doing, in one value every view reads. */
  air: OnAir,
  checklist: z.array(z.object({ step: z.string(), label: z.string(), state: StepState, detail: z.string().nullable() })),
  /** What to do next, in words, when something is missing or failed. */
  nextAction: z.string().nullable(),
  encoder: z
    .object({ connected: z.boolean(), codecs: z.string().nullable(), bitrateKbps: z.number().nullable(), fps: z.number().nullable(), keyframeIntervalSeconds: z.number().nullable() })
    .nullable(),
  targets: z.array(
    /** The channel's targets; each destination's are in its row. */
    z.object({
      id: z.string(),
      label: z.string(),
      state: z.string(),
      active: z.boolean(),
      bytes: z.number(),
      bitrateKbps: z.number().nullable(),
      reconnects: z.number(),
      lastSwitchAt: z.number().nullable(),
      /** Why its last attempt failed, in words (cleared once it takes the stream). */
      lastError: z.string().nullable(),
      /** The kind of that failure: `untrusted` is its TLS certificate (rtmps://), which the failover then skips past. */
      failure: z.enum(['unreachable', 'untrusted', 'timeout', 'refused', 'dropped']).nullable(),
      /** Bytes waiting for its link (queue and socket), and the seconds they take at its send rate (null: not known yet). */
      sendBufferBytes: z.number(),
      drainSeconds: z.number().nullable(),
      /** Media time waiting in its queue, in seconds (what the relay warns about at 2 s). */
      backlogSeconds: z.number(),
      /** Frames and whole GOPs dropped because its link was slower than the stream. */
      droppedFrames: z.number(),
      droppedGops: z.number(),
      /** Its link falls behind the stream (more than 2 s waits), until it catches up. */
      congested: z.boolean(),
    }),
  ),
  channelStatus: z.enum(['live', 'offair']).nullable(),
  viewers: z.number().nullable(),
  recording: z.object({
    state: z.enum(['idle', 'starting', 'recording', 'stopping']),
    /** Unix seconds. */
    since: z.number().nullable(),
    limitSeconds: z.number().nullable(),
    recordWhenLive: z.boolean(),
    lastVideo: z.object({ id: z.string(), url: z.string() }).nullable(),
  }),
  /** The channel's autorecord mode as last set from this app (the platform offers no way to read it). */
  autorecord: z.enum(['disabled', 'private', 'public']).nullable(),
  lastError: z.string().nullable(),
  /** The last 5 minutes of bitrates and what happened, for the panel's plots. */
  history: LiveHistory,
  safetyCopy: SafetyCopyState,
  /**
   * The encoder-drop bridge: while the encoder is away (up to `windowSeconds`) a holding slate keeps the
   * stream going. `holdingSince`/`holdingUntil` (ms since the epoch) are set while it holds.
   */
  bridge: z.object({ enabled: z.boolean(), windowSeconds: z.number(), holdingSince: z.number().nullable(), holdingUntil: z.number().nullable() }),
});
export const LiveState = LiveStateFields.extend({
  /** Multistream: the channel first, then the profile's extra destinations; each with its health and its targets (rows as in `targets`). */
  destinations: z.array(destinationRow(LiveStateFields.shape.targets.element)),
});
export type LiveState = z.output<typeof LiveState>;

/** Going live, served by the live service. */
export const liveNamespace = defineNamespace({
  state: { args: z.tuple([]), result: LiveState },
  channels: { args: z.tuple([]), result: z.array(ChannelChoice) },
  chooseChannel: { args: z.tuple([z.string().min(1)]), result: LiveState },
  goLive: { args: z.tuple([]), result: LiveState },
  endLive: { args: z.tuple([]), result: LiveState },
  reconnectNow: { args: z.tuple([]), result: LiveState },
  /** Saves one more destination (switched on; live at once when the broadcast runs); its key goes to the keychain. */
  addDestination: { args: z.tuple([DestinationInput]), result: LiveState },
  removeDestination: { args: z.tuple([destinationId]), result: LiveState },
  /** Switches a saved destination on or off, mid-broadcast too. */
  setDestinationEnabled: { args: z.tuple([destinationId, z.boolean()]), result: LiveState },
  /** Skips the wait before one destination's next attempt. */
  reconnectDestination: { args: z.tuple([destinationId]), result: LiveState },
  /** The streamer has read the last live error: it goes away until the next one. */
  dismissError: { args: z.tuple([]), result: LiveState },
  /** Moves the local ingest to this port at once and saves it (not while live); a taken port leaves it where it was and offers a free one. */
  setIngestPort: { args: z.tuple([z.number().int().min(1).max(65535)]), result: LiveState },
  revealLocalKey: { args: z.tuple([]), result: z.string() },
  regenerateLocalKey: { args: z.tuple([]), result: LiveState },
  startRecording: { args: z.tuple([]), result: LiveState },
  stopRecording: { args: z.tuple([]), result: LiveState },
  setRecordWhenLive: { args: z.tuple([z.boolean()]), result: LiveState },
  setAutorecord: { args: z.tuple([z.enum(['disabled', 'private', 'public'])]), result: LiveState },
  /** Saves the safety copy choice; a folder that does not exist or cannot be written is refused in a sentence. */
  setSafetyCopy: { args: z.tuple([SafetyCopyChoice]), result: LiveState },
  /** Queues the last broadcast's finished copies in the upload queue, as videos of its channel. */
  uploadSafetyCopies: { args: z.tuple([]), result: LiveState },
  /** Saved; a change applies from the next time the stream starts. */
  setBridge: { args: z.tuple([BridgeChoice]), result: LiveState },
});
