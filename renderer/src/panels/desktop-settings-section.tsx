import { useEffect, useState } from 'react';
import type { DesktopSettings, DesktopSettingsChange, HotkeyAction } from '../../../preload/contract.js';
import { useDesktopSettingsStore } from '../state/desktop-settings-slice';
import { PanelOutcome } from './panel-parts';
import { useShallow } from 'zustand/react/shallow';

/** Global hotkeys (an empty field turns one off) and start at login; main checks the keys and says what clashes. */
export function DesktopSettingsSection() {
  const { settings, busy, error, done, load, save } = useDesktopSettingsStore(
    useShallow((state) => ({ settings: state.settings, busy: state.busy, error: state.error, done: state.done, load: state.load, save: state.save })),
  );

  useEffect(() => {
    void load();
  }, [load]);

  if (!settings) return error ? <PanelOutcome testId="desktop-settings" error={error} done={null} /> : null;

  return (
    <section aria-labelledby="desktop-settings-title" data-testid="desktop-settings">
      <h2 id="desktop-settings-title">Hotkeys and start-up</h2>
      {!settings.applied && <p className="hint">These work in the desktop app; browser mode keeps them for it.</p>}
      {settings.fileProblem && (
        <p className="error" role="alert" data-testid="desktop-settings-file-problem">
          {settings.fileProblem}
        </p>
      )}
      {/* Keyed by what main holds: a save (or a refusal that changes nothing) starts the fields from it again. */}
      <HotkeysForm key={JSON.stringify(settings.hotkeys)} settings={settings} busy={busy} onSave={(change) => void save(change)} />
      <label className="checkbox">
        <input type="checkbox" checked={settings.startAtLogin} disabled={busy} onChange={(event) => void save({ startAtLogin: event.target.checked })} data-testid="start-at-login" />
        Start {settings.applied ? 'the app' : 'the desktop app'} when I log in
      </label>
      <PanelOutcome testId="desktop-settings" error={error} done={done} />
    </section>
  );
}

function HotkeysForm({ settings, busy, onSave }: { settings: DesktopSettings; busy: boolean; onSave: (change: DesktopSettingsChange) => void }) {
  const [drafts, setDrafts] = useState<Partial<Record<HotkeyAction, string>>>(() => Object.fromEntries(settings.hotkeys.map((hotkey) => [hotkey.action, hotkey.accelerator ?? ''])));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    onSave({ hotkeys: Object.fromEntries(settings.hotkeys.map((hotkey) => [hotkey.action, drafts[hotkey.action]?.trim() || null])) });
  };

  return (
    <form onSubmit={submit} aria-label="Global hotkeys">
      <fieldset disabled={busy}>
        <p className="hint">Keys such as Ctrl+Shift+F9 work while another app (OBS, a game) has the focus. Leave a field empty to turn that hotkey off.</p>
        {settings.hotkeys.map((hotkey) => (
          <div key={hotkey.action}>
            <label className="field">
              {hotkey.label}
              <input value={drafts[hotkey.action] ?? ''} onChange={(event) => setDrafts({ ...drafts, [hotkey.action]: event.target.value })} data-testid={`hotkey-${hotkey.action}`} />
            </label>
            {hotkey.problem && (
              <p className="error" role="alert" data-testid={`hotkey-${hotkey.action}-problem`}>
                {hotkey.problem}
              </p>
            )}
          </div>
        ))}
        <div className="button-row">
          <button type="submit" className="button button-primary" data-testid="hotkeys-save">
            {busy ? 'Saving…' : 'Save hotkeys'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
