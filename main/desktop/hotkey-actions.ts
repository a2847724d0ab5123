// What each global hotkey does, through the same facade calls as the Go live and Uploads panels' buttons,
// so a hotkey can never do something the UI would not.
import type { AppStatus, HotkeyAction, LiveState, Notice } from '../../preload/contract.js';
import { HOTKEY_LABELS } from './hotkey-bindings.js';

/** The facade calls the hotkeys use. */
export interface HotkeyTargets {
  liveState(): Promise<LiveState>;
  goLive(): Promise<unknown>;
  endLive(): Promise<unknown>;
  startRecording(): Promise<unknown>;
  stopRecording(): Promise<unknown>;
  /** Says whether uploads are running, so panic pauses only a queue that is open and sending. */
  appStatus(): Promise<AppStatus>;
  pauseUploads(): Promise<unknown>;
}

const ON_AIR: readonly LiveState['phase'][] = ['starting', 'live'];
const RECORDING: readonly LiveState['recording']['state'][] = ['starting', 'recording'];

/** Runs one action (a hotkey's or the tray menu's); a failure becomes a notice: neither has a button to show an error next to. */
export async function runHotkeyAction(action: HotkeyAction, targets: HotkeyTargets, notify: (notice: Notice) => void): Promise<void> {
  try {
    const state = await targets.liveState();
    switch (action) {
      case 'toggle-live':
        await (ON_AIR.includes(state.phase) ? targets.endLive() : targets.goLive());
        return;
      case 'toggle-recording':
        await (RECORDING.includes(state.recording.state) ? targets.stopRecording() : targets.startRecording());
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
  const steps: [string, Promise<unknown>][] = [['the stream was ended', targets.endLive()]];
  if (RECORDING.includes(state.recording.state)) steps.push(['recording stopped', targets.stopRecording()]);
  const { uploads } = await targets.appStatus();
  if (uploads && !uploads.paused) steps.push(['uploads paused', targets.pauseUploads()]);
  const results = await Promise.allSettled(steps.map(([, step]) => step));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return steps.map(([done]) => done);
}
