// The Settings panel's desktop section: global hotkeys and start at login, kept in desktop.json and applied
// by the desktop shell (which hands in its globalShortcut and login-item calls). Browser mode and the CLI
// keep and show the settings without applying them.
import { CompanionError, HOTKEY_ACTIONS, type DesktopSettings, type DesktopSettingsChange, type HotkeyAction, type NamespaceImplementation, type desktopNamespace } from '../../preload/contract.js';
import type { DesktopSettingsFile, DesktopSettingsStore } from '../settings/desktop-settings.js';
import { checkBindings, HOTKEY_LABELS, HotkeyRegistrar, type GlobalShortcutLike, type HotkeyProblems } from './hotkey-bindings.js';

/** What the desktop shell lends the core: the system calls behind these settings. */
export interface DesktopShell {
  readonly shortcuts: GlobalShortcutLike;
  setStartAtLogin(on: boolean): void;
}

export interface DesktopSettingsServiceOptions {
  readonly store: DesktopSettingsStore;
  readonly platform: NodeJS.Platform;
  /** Runs a hotkey's action (through the live, uploads and app namespaces). */
  readonly run: (action: HotkeyAction) => void;
  /** The log: a corrupt file is told there too (the window may not be open yet). */
  readonly warn: (message: string) => void;
}

export class DesktopSettingsService implements NamespaceImplementation<typeof desktopNamespace> {
  readonly #options: DesktopSettingsServiceOptions;
  #shell: DesktopShell | null = null;
  #registrar: HotkeyRegistrar | null = null;
  #settings: DesktopSettingsFile | null = null;
  #problems: HotkeyProblems = {};
  /** Why the saved file was not used, shown in the Settings panel until the next save replaces it. */
  #fileProblem: string | null = null;

  constructor(options: DesktopSettingsServiceOptions) {
    this.#options = options;
  }

  /** The file, for the shell's own entries in it (window bounds, the tray hint): one writer queue for all. */
  get store(): DesktopSettingsStore {
    return this.#options.store;
  }

  async open(): Promise<void> {
    const { settings, notice } = await this.#options.store.load();
    if (notice) this.#options.warn(notice);
    this.#fileProblem = notice;
    this.#settings = settings;
    this.#check();
  }

  /** The desktop shell, once Electron is ready (globalShortcut cannot be used before): applies the settings. */
  attach(shell: DesktopShell): void {
    this.#shell = shell;
    this.#registrar = new HotkeyRegistrar(shell.shortcuts);
    if (this.#check()) this.#apply();
    shell.setStartAtLogin(this.#loaded().startAtLogin);
  }

  /** A hand-edited file may hold bindings the app would refuse: those are left off, with the reason shown. */
  #check(): boolean {
    const checked = checkBindings(this.#loaded().hotkeys, this.#options.platform);
    this.#problems = checked.ok ? {} : checked.problems;
    return checked.ok;
  }

  settings(): DesktopSettings {
    const settings = this.#loaded();
    return {
      hotkeys: HOTKEY_ACTIONS.map((action) => ({ action, label: HOTKEY_LABELS[action], accelerator: settings.hotkeys[action], problem: this.#problems[action] ?? null })),
      startAtLogin: settings.startAtLogin,
      applied: this.#shell !== null,
      fileProblem: this.#fileProblem,
    };
  }

  /** Refuses bindings that are malformed or shared, before anything is saved; keys another app holds are saved and reported. */
  async update(change: DesktopSettingsChange): Promise<DesktopSettings> {
    let hotkeys: DesktopSettingsFile['hotkeys'] | null = null;
    if (change.hotkeys) {
      const checked = checkBindings({ ...this.#loaded().hotkeys, ...change.hotkeys }, this.#options.platform);
      if (!checked.ok) throw new CompanionError('invalid_hotkey', HOTKEY_ACTIONS.flatMap((action) => (checked.problems[action] ? [`${HOTKEY_LABELS[action]}: ${checked.problems[action]}`] : [])).join(' '));
      hotkeys = checked.bindings;
    }
    this.#settings = await this.#options.store.update((settings) => {
      if (hotkeys) settings.hotkeys = hotkeys;
      if (change.startAtLogin !== undefined) settings.startAtLogin = change.startAtLogin;
    });
    this.#fileProblem = null;
    if (hotkeys) this.#apply();
    if (change.startAtLogin !== undefined) this.#shell?.setStartAtLogin(change.startAtLogin);
    return this.settings();
  }

  close(): void {
    this.#registrar?.release();
  }

  #apply(): void {
    this.#problems = this.#registrar?.apply(this.#loaded().hotkeys, this.#options.run) ?? {};
  }

  #loaded(): DesktopSettingsFile {
    if (!this.#settings) throw new CompanionError('unavailable', 'The desktop settings are still loading.');
    return this.#settings;
  }
}
