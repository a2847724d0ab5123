// Electron accelerators ("CommandOrControl+Shift+F9"): checked and written one canonical way, so that
// "ctrl+shift+f9" and "Control+Shift+F9" are seen as the same keys and a typo is told before Electron
// silently refuses it (globalShortcut.register throws on a malformed accelerator).

const MODIFIERS: Record<string, string> = {
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};
const MODIFIER_ORDER = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Shift', 'Super'];

const NAMED_KEYS = [
  'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter',
  'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'Esc', 'PrintScreen',
  'num0', 'num1', 'num2', 'num3', 'num4', 'num5', 'num6', 'num7', 'num8', 'num9', 'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
];
/** Keys a streamer may bind without a modifier: nothing types them. */
const STANDALONE_KEYS = ['VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack', 'MediaStop', 'MediaPlayPause'];
const PUNCTUATION = [')', '!', '@', '#', '$', '%', '^', '&', '*', '(', ':', ';', '<', '=', '>', '?', '-', '_', '[', ']', '{', '}', '|', '\\', '~', '`', ',', '.', '/', "'", '"'];

const keyByLowerName = new Map<string, string>([...NAMED_KEYS, ...STANDALONE_KEYS].map((key) => [key.toLowerCase(), key]));

function canonicalKey(part: string): string | null {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  const fKey = /^f([1-9]|1[0-9]|2[0-4])$/i.exec(part);
  if (fKey) return `F${fKey[1]}`;
  if (PUNCTUATION.includes(part)) return part;
  return keyByLowerName.get(part.toLowerCase()) ?? null;
}

export type AcceleratorCheck = { readonly ok: true; readonly accelerator: string } | { readonly ok: false; readonly problem: string };

/** The canonical form of an accelerator, or why it is not one (a sentence for the Settings panel). */
export function checkAccelerator(text: string): AcceleratorCheck {
  const parts = text.trim().split('+');
  // "Control++" means Control and Plus: an empty part after a "+" is the "+" key itself.
  const tokens = parts.map((part) => part.trim()).flatMap((part, index) => (part === '' && index > 0 && parts[index - 1]?.trim() !== '' ? ['Plus'] : part === '' ? [] : [part]));
  if (tokens.length === 0) return { ok: false, problem: 'Type a key combination such as Ctrl+Shift+F9.' };
  const modifiers = new Set<string>();
  let key: string | null = null;
  for (const token of tokens) {
    const modifier = MODIFIERS[token.toLowerCase()];
    if (modifier) {
      if (key !== null) return { ok: false, problem: `"${text}" has ${modifier} after the key; put the key last, as in Ctrl+Shift+F9.` };
      modifiers.add(modifier);
      continue;
    }
    const canonical = canonicalKey(token);
    if (canonical === null) return { ok: false, problem: `"${token}" is not a key the system knows; use a letter, a digit, F1 to F24 or a named key such as Space or PageUp.` };
    if (key !== null) return { ok: false, problem: `"${text}" has two keys (${key} and ${canonical}); a hotkey is modifiers and one key.` };
    key = canonical;
  }
  if (key === null) return { ok: false, problem: `"${text}" has no key, only modifiers; add one, as in Ctrl+Shift+F9.` };
  const standalone = /^F\d+$/.test(key) || STANDALONE_KEYS.includes(key);
  if (modifiers.size === 0 && !standalone) return { ok: false, problem: `${key} alone would stop that key working in every other app; add Ctrl, Alt or Shift.` };
  const ordered = MODIFIER_ORDER.filter((modifier) => modifiers.has(modifier));
  return { ok: true, accelerator: [...ordered, key].join('+') };
}
