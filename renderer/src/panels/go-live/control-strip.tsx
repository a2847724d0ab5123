// The control room's strip, pinned at the top of the Go live panel: on air or not, the uptime, the
// encoder's input, viewers and recording time, and under it the alarm a streamer must not miss (red, with
// the time since, what the app is doing and what they can do), or else a failover that worked (a quiet line:
// the stream moved to another ingest, and why; its close button puts it away until another move).
// Everything comes from the core's one on-air state (`air`), which the header and the checklist read too.
import { useShallow } from 'zustand/react/shallow';
import type { LiveState } from '../../../../preload/contract.js';
import { CloseIcon } from '../../icons';
import { useLiveStore } from '../../state/live-slice';
import { useNow } from '../../use-now';
import { useAlarmSignals } from './alarm-signals';
import { BroadcastButtons } from './live-controls';
import { countdown, formatDuration, formatUptime } from './time-format';

type Air = LiveState['air'];

const STATUS_WORDS: Record<Air['status'], string> = { 'off-air': 'OFF AIR', starting: 'STARTING', live: 'LIVE', trouble: 'LIVE', ending: 'ENDING' };

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="strip-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function AlarmBanner({ alarm, nowMs }: { alarm: NonNullable<Air['alarm']>; nowMs: number }) {
  // The clock ticks once a second: a reading older than the alarm would count from before it.
  const now = Math.max(nowMs, alarm.since);
  return (
    <div className="alarm-banner" role="alert" data-testid="live-alarm" data-kind={alarm.kind}>
      <strong>
        {alarm.title} {formatDuration((now - alarm.since) / 1000)} ago
      </strong>
      <span data-testid="alarm-doing">
        {alarm.doing}
        {alarm.countdown && ` ${alarm.countdown.word} ${countdown(alarm.countdown.until, Math.max(nowMs, alarm.countdown.from))}`}
      </span>
      <span>{alarm.youCan}</span>
    </div>
  );
}

export function ControlStrip() {
  const { air, encoder, viewers, recording, dismissedMoveSince, dismissMoveNote } = useLiveStore(
    useShallow((state) => ({
      air: state.live?.air ?? null,
      encoder: state.live?.encoder ?? null,
      viewers: state.live?.viewers ?? null,
      recording: state.live?.recording ?? null,
      dismissedMoveSince: state.dismissedMoveSince,
      dismissMoveNote: state.dismissMoveNote,
    })),
  );
  const nowMs = useNow();
  useAlarmSignals(air?.alarm ?? null);
  if (!air) return null;
  const onAir = air.status === 'live' || air.status === 'trouble';
  const lost = air.alarm?.kind === 'encoder-lost';
  const recordingSince = recording?.state === 'recording' ? recording.since : null;
  return (
    <div className={`control-strip control-strip-${air.status}`} data-testid="control-strip">
      <div className="strip-line" role="group" aria-label="Broadcast status">
        <span className="strip-status" data-testid="air-status">
          {STATUS_WORDS[air.status]}
        </span>
        <dl className="strip-facts">
          <Fact label="Uptime" testId="uptime" value={onAir && air.liveSince !== null ? formatUptime((Math.max(nowMs, air.liveSince) - air.liveSince) / 1000) : '—'} />
          <Fact label="Input" testId="input-bitrate" value={lost ? 'encoder lost' : encoder?.bitrateKbps != null ? `${Math.round(encoder.bitrateKbps)} kb/s` : '—'} />
          <Fact label="Frame rate" testId="input-fps" value={!lost && encoder?.fps != null ? `${Math.round(encoder.fps * 10) / 10} fps` : '—'} />
          <Fact label="Viewers" testId="strip-viewers" value={viewers === null ? '—' : String(viewers)} />
          <Fact label="Recording" testId="strip-recording" value={recordingSince === null ? 'off' : formatDuration(nowMs / 1000 - recordingSince)} />
        </dl>
        <BroadcastButtons />
      </div>
      {air.alarm && <AlarmBanner alarm={air.alarm} nowMs={nowMs} />}
      {!air.alarm && air.movedOn && air.movedOn.since !== dismissedMoveSince && (
        <div className="strip-note" role="status" data-testid="moved-on">
          <p>
            {air.movedOn.message} <span className="strip-note-time">({formatDuration((Math.max(nowMs, air.movedOn.since) - air.movedOn.since) / 1000)} ago)</span>
          </p>
          <button type="button" className="notice-dismiss" onClick={dismissMoveNote} aria-label="Dismiss">
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}
