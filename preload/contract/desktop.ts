// The desktop settings: global hotkeys and start at login.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';

/** What a global hotkey does: the same namespace calls as the Go live panel's buttons. */
export const HOTKEY_ACTIONS = ['toggle-live', 'toggle-recording', 'panic'] as const;
export const HotkeyAction = z.enum(HOTKEY_ACTIONS);
export type HotkeyAction = z.output<typeof HotkeyAction>;

/** An Electron accelerator such as "CommandOrControl+Shift+F9", or null for none. */
const accelerator = z.string().trim().min(1).max(100).nullable();

export const DesktopSettings = z.object({
  hotkeys: z.array(
    z.object({
      action: HotkeyAction,
      label: z.string(),
      accelerator,
      /** Why it does not work now, in a sentence (another app holds it); null when it works or is off. */
      problem: z.string().nullable(),
    }),
  ),
  startAtLogin: z.boolean(),
  /** False in browser mode and the CLI: the settings are kept, but only the desktop app applies them. */
  applied: z.boolean(),
  /** The saved file could not be read and the defaults are in use, in a sentence; null once saved again. */
  fileProblem: z.string().nullable(),
});
export type DesktopSettings = z.output<typeof DesktopSettings>;

export const DesktopSettingsChange = z.object({
  hotkeys: z.partialRecord(HotkeyAction, accelerator).optional(),
  startAtLogin: z.boolean().optional(),
});
export type DesktopSettingsChange = z.output<typeof DesktopSettingsChange>;

/** Desktop settings, served by the desktop settings service. */
export const desktopNamespace = defineNamespace({
  settings: { args: z.tuple([]), result: DesktopSettings },
  update: { args: z.tuple([DesktopSettingsChange]), result: DesktopSettings },
});
