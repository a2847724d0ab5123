// Global hotkeys: checking a set of bindings (each a valid accelerator, no two actions on the same keys)
// and registering them with the system through the small part of Electron's globalShortcut they need, so
// the rules run in plain Node tests against a fake.
import { HOTKEY_ACTIONS, type HotkeyAction } from '../../preload/contract.js';
import { checkAccelerator } from './accelerator.js';

export type HotkeyBindings = Record<HotkeyAction, string | null>;

export const HOTKEY_LABELS: Record<HotkeyAction, string> = {
  'toggle-live': 'Go live / End',
  'toggle-recording': 'Record / Stop recording',
  panic: 'Panic: end everything',
};

/** The part of Electron's globalShortcut used here. */
export interface GlobalShortcutLike {
  /** False when another app (or the system) already holds the keys; throws on a malformed accelerator. */
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export type HotkeyProblems = Partial<Record<HotkeyAction, string>>;
export type BindingsCheck = { readonly ok: true; readonly bindings: HotkeyBindings } | { readonly ok: false; readonly problems: HotkeyProblems };

/** CommandOrControl is Command on macOS and Control elsewhere: two bindings may name the same keys differently. */
function physicalKeys(accelerator: string, platform: NodeJS.Platform): string {
  const modifier = platform === 'darwin' ? 'Command' : 'Control';
  const parts = accelerator.split('+').map((part) => (part === 'CommandOrControl' ? modifier : part));
  const key = parts.pop() ?? '';
  return [...new Set(parts)].sort().concat(key).join('+');
}

/** Canonical bindings, or a sentence per action that cannot be kept. */
export function checkBindings(bindings: HotkeyBindings, platform: NodeJS.Platform): BindingsCheck {
  const problems: HotkeyProblems = {};
  const canonical = { ...bindings };
  const owners = new Map<string, HotkeyAction>();
  for (const action of HOTKEY_ACTIONS) {
    const text = bindings[action];
    if (text === null || text.trim() === '') {
      canonical[action] = null;
      continue;
    }
    const checked = checkAccelerator(text);
    if (!checked.ok) {
      problems[action] = checked.problem;
      continue;
    }
    canonical[action] = checked.accelerator;
    const keys = physicalKeys(checked.accelerator, platform);
    const owner = owners.get(keys);
    if (owner) problems[action] = `${checked.accelerator} is already the hotkey for "${HOTKEY_LABELS[owner]}"; give each action its own keys.`;
    else owners.set(keys, action);
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, bindings: canonical };
}

/**
 * Holds the app's registrations: applying new bindings lets go of the old ones first, so changing a hotkey
 * never leaves the previous keys captured. An accelerator another app holds is reported, not retried.
 */
export class HotkeyRegistrar {
  #registered: string[] = [];

  constructor(private readonly shortcuts: GlobalShortcutLike) {}

  apply(bindings: HotkeyBindings, run: (action: HotkeyAction) => void): HotkeyProblems {
    this.release();
    const problems: HotkeyProblems = {};
    for (const action of HOTKEY_ACTIONS) {
      const accelerator = bindings[action];
      if (accelerator === null) continue;
      let registered: boolean;
      try {
        registered = this.shortcuts.register(accelerator, () => run(action));
      } catch {
        problems[action] = `The system does not accept ${accelerator} as a hotkey; choose another.`;
        continue;
      }
      if (registered) this.#registered.push(accelerator);
      else problems[action] = `Another app already uses ${accelerator}; choose other keys or close that app and save again.`;
    }
    return problems;
  }

  release(): void {
    for (const accelerator of this.#registered) this.shortcuts.unregister(accelerator);
    this.#registered = [];
  }
}
