// Sharing, the viewer count and multi-quality. The platform takes these but has no call to read them back,
// so each switch shows what was last set from this app, or "not changed here".
import type { ViewerSetting } from '../../../../preload/contract.js';
import { useSecurityStore } from '../../state/security-slice';
import { useShallow } from 'zustand/react/shallow';

const SETTINGS: ReadonlyArray<{ id: ViewerSetting; label: string; on: string; off: string }> = [
  { id: 'sharing', label: 'Viewer sharing', on: 'Allow sharing', off: 'Turn sharing off' },
  { id: 'hideViewers', label: 'Viewer count', on: 'Hide the count', off: 'Show the count' },
  { id: 'multiQuality', label: 'Multi-quality', on: 'Transcode into several qualities', off: 'One quality only' },
];

export function ViewerSettingsSection({ channelId }: { channelId: string }) {
  const { busy, viewer, setViewerSetting } = useSecurityStore(
    useShallow((state) => ({ busy: state.busy, viewer: state.viewer, setViewerSetting: state.setViewerSetting })),
  );
  const known = viewer[channelId] ?? {};
  return (
    <section aria-labelledby="viewer-settings-title" data-testid="viewer-settings">
      <h2 id="viewer-settings-title">Viewer settings</h2>
      <p className="muted">The platform does not report these back; each shows what you last set here.</p>
      <table className="viewer-settings">
        <tbody>
          {SETTINGS.map((setting) => {
            const value = known[setting.id];
            return (
              <tr key={setting.id} data-testid={`viewer-setting-${setting.id}`}>
                <th scope="row">{setting.label}</th>
                <td data-testid={`viewer-setting-${setting.id}-state`}>{value === undefined ? 'not changed here' : value ? 'on' : 'off'}</td>
                <td>
                  <button type="button" className="button button-small" disabled={busy !== null || value === true} onClick={() => void setViewerSetting(setting.id, true)}>
                    {setting.on}
                  </button>{' '}
                  <button type="button" className="button button-small" disabled={busy !== null || value === false} onClick={() => void setViewerSetting(setting.id, false)}>
                    {setting.off}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
