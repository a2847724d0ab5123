// The alarm heard and seen away from the panel: a short beep (a choice saved in this browser, off by
// default) and, in browser mode, a system notification when the browser allows it. The desktop app's tray
// already notifies from the core (main/desktop/notification-policy.ts), so the window does not add its own.
import { useEffect, useState } from 'react';
import type { LiveState } from '../../../../preload/contract.js';
import { useConnectionStore } from '../../state/connection-slice';

type Alarm = NonNullable<LiveState['air']['alarm']>;

const SOUND_KEY = 'companion.alarmSound';
const NOTIFY_KEY = 'companion.alarmNotify';

export interface AlarmSignalChoice {
  readonly sound: boolean;
  readonly notify: boolean;
}

function readChoice(): AlarmSignalChoice {
  try {
    return { sound: localStorage.getItem(SOUND_KEY) === 'on', notify: localStorage.getItem(NOTIFY_KEY) === 'on' };
  } catch {
    // Storage refused (a private window): the defaults, off.
    return { sound: false, notify: false };
  }
}

/** Subscribers to the saved choice, so every part of the panel that shows it follows a change. */
const listeners = new Set<(choice: AlarmSignalChoice) => void>();

export function saveAlarmSignalChoice(choice: AlarmSignalChoice): void {
  try {
    localStorage.setItem(SOUND_KEY, choice.sound ? 'on' : 'off');
    localStorage.setItem(NOTIFY_KEY, choice.notify ? 'on' : 'off');
  } catch {
    // Kept for this page only.
  }
  for (const listener of listeners) listener(choice);
}

export function useAlarmSignalChoice(): AlarmSignalChoice {
  const [choice, setChoice] = useState(readChoice);
  useEffect(() => {
    listeners.add(setChoice);
    return () => void listeners.delete(setChoice);
  }, []);
  return choice;
}

/** Whether this page can show system notifications at all (browser mode, with the Notification API). */
export function notificationsAvailable(): boolean {
  return typeof Notification !== 'undefined' && useConnectionStore.getState().transport === 'browser';
}

/** Two short tones: heard over a game or music, not alarming in a quiet room. */
function beep(): void {
  const AudioContextClass = globalThis.AudioContext;
  if (AudioContextClass === undefined) return;
  const context = new AudioContextClass();
  for (const [index, frequency] of [880, 660].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const start = context.currentTime + index * 0.25;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.2);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.2);
  }
  setTimeout(() => void context.close(), 1000);
}

/** Beeps and notifies once per alarm (a kind and its start), never for one already on screen when the panel opened. */
export function useAlarmSignals(alarm: Alarm | null): void {
  const choice = useAlarmSignalChoice();
  const key = alarm === null ? null : `${alarm.kind}@${alarm.since}`;
  const [signalled] = useState(() => new Set(key === null ? [] : [key]));
  useEffect(() => {
    if (alarm === null || key === null || signalled.has(key)) return;
    signalled.add(key);
    if (choice.sound) beep();
    if (choice.notify && notificationsAvailable() && Notification.permission === 'granted') new Notification(alarm.title, { body: `${alarm.doing}. ${alarm.youCan}`, tag: 'companion-alarm' });
  }, [alarm, key, choice, signalled]);
}
