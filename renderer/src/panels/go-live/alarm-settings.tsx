// How an alarm reaches a streamer who is not looking at the panel: a beep, a system notification (browser
// mode; the desktop app's tray notifies by itself). Saved in this browser; both off until chosen.
import { notificationsAvailable, saveAlarmSignalChoice, useAlarmSignalChoice } from './alarm-signals';

export function AlarmSettings() {
  const choice = useAlarmSignalChoice();
  const canNotify = notificationsAvailable();
  const setNotify = async (on: boolean) => {
    // The browser asks the streamer once; a refusal leaves the switch off.
    const allowed = !on || Notification.permission === 'granted' || (await Notification.requestPermission()) === 'granted';
    saveAlarmSignalChoice({ ...choice, notify: on && allowed });
  };
  return (
    <fieldset className="live-setting" data-testid="alarm-settings">
      <legend>When something goes wrong on air</legend>
      <label className="checkbox">
        <input type="checkbox" role="switch" checked={choice.sound} onChange={(event) => saveAlarmSignalChoice({ ...choice, sound: event.target.checked })} />
        Sound an alarm
      </label>
      {canNotify && (
        <label className="checkbox">
          <input type="checkbox" role="switch" checked={choice.notify} onChange={(event) => void setNotify(event.target.checked)} />
          Show a system notification
        </label>
      )}
    </fieldset>
  );
}
