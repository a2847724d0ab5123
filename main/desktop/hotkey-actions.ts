// What each global hotkey does, through the same contract namespaces as the Go live and Uploads panels'
// buttons, so a hotkey can never do something the UI would not.
import type { appNamespace, HotkeyAction, liveNamespace, LiveState, NamespaceImplementation, Notice, uploadsNamespace } from '../../preload/contract.js';
import { HOTKEY_LABELS } from './hotkey-bindings.js';

/** The namespace calls the hotkeys use. */
export interface HotkeyTargets {
  readonly live: Pick<NamespaceImplementation<typeof liveNamespace>, 'state' | 'goLive' | 'endLive' | 'startRecording' | 'stopRecording'>;
  /** Says whether uploads are running, so panic pauses only a queue that is open and sending. */
  readonly app: Pick<NamespaceImplementation<typeof appNamespace>, 'status'>;
  readonly uploads: Pick<NamespaceImplementation<typeof uploadsNamespace>, 'pauseAll'>;
}

const ON_AIR: readonly LiveState['phase'][] = ['starting', 'live'];
const RECORDING: readonly LiveState['recording']['state'][] = ['starting', 'recording'];

/** Runs one action (a hotkey's or the tray menu's); a failure becomes a notice: neither has a button to show an error next to. */
export async function runHotkeyAction(action: HotkeyAction, targets: HotkeyTargets, notify: (notice: Notice) => void): Promise<void> {
  try {
    const state = await targets.live.state();
    switch (action) {
      case 'toggle-live':
        await (ON_AIR.includes(state.phase) ? targets.live.endLive() : targets.live.goLive());
        return;
      case 'toggle-recording':
        await (RECORDING.includes(state.recording.state) ? targets.live.stopRecording() : targets.live.startRecording());
        return;
      case 'panic':
        notify({ level: 'warning', message: `Panic hotkey: ${(await panic(state, targets)).join(', ')}.` });
        return;
    }
  } catch (error) {
    notify({ level: 'error', message: `"${HOTKEY_LABELS[action]}" did not work: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/** Every step is tried even when one fails: the point of panic is that nothing keeps going. Returns what was done. */
async function panic(state: LiveState, targets: HotkeyTargets): Promise<string[]> {
  const steps: [string, Promise<unknown>][] = [['the stream was ended', asPromise(() => targets.live.endLive())]];
  if (RECORDING.includes(state.recording.state)) steps.push(['recording stopped', asPromise(() => targets.live.stopRecording())]);
  const { uploads } = await targets.app.status();
  if (uploads && !uploads.paused) steps.push(['uploads paused', asPromise(() => targets.uploads.pauseAll())]);
  const results = await Promise.allSettled(steps.map(([, step]) => step));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return steps.map(([done]) => done);
}

/** A call as a promise, even when it answers or throws at once: one step's failure must not skip the others. */
async function asPromise(call: () => unknown): Promise<unknown> {
  return call();
}
