// Why the uploads go at the speed they do ("Slowed down: you are live"), and the timetable that gives them the
// whole link at night: "full speed 01:00–07:00, otherwise 0.6 MB/s". The limit that applies is the lowest of
// the streamer's limit, the timetable and a broadcast on the same link (main/upload-service/upload-speed-plan.ts).
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { UploadLimit, UploadTimetable } from '../../../../preload/contract.js';
import { useUploadsStore } from '../../state/uploads-slice';
import { formatSpeed } from './upload-format';

const MEGABYTE = 1024 * 1024;
const DEFAULT_TIMETABLE: UploadTimetable = { fullSpeedFrom: '01:00', fullSpeedUntil: '07:00', otherwise: Math.round(0.6 * MEGABYTE) };

/** The sentence for what holds the uploads now; null at full speed. */
export function limitWords(limit: UploadLimit | null, timetable: UploadTimetable | null): string | null {
  if (limit === null) return null;
  const speed = formatSpeed(limit.bytesPerSecond);
  switch (limit.reason) {
    case 'live':
      return `Slowed down: you are live. Uploads take ${speed}, what the broadcast leaves of your connection, and get full speed back when it ends.`;
    case 'timetable':
      return `Slowed down by your timetable: ${speed} until ${timetable?.fullSpeedFrom ?? 'its full-speed hours'}.`;
    case 'user':
      return `Limited to ${speed} (your limit).`;
  }
}

export function timetableWords(timetable: UploadTimetable): string {
  if (timetable.fullSpeedFrom === timetable.fullSpeedUntil) return 'Timetable: full speed all day.';
  return `Timetable: full speed ${timetable.fullSpeedFrom}–${timetable.fullSpeedUntil}, otherwise ${formatSpeed(timetable.otherwise)}.`;
}

export function UploadSpeedPlan() {
  const { limitedBy, timetable, busy, setTimetable } = useUploadsStore(
    useShallow((state) => ({ limitedBy: state.totals?.limitedBy ?? null, timetable: state.totals?.timetable ?? null, busy: state.busy === 'settings', setTimetable: state.setTimetable })),
  );
  const [editing, setEditing] = useState(false);
  const said = limitWords(limitedBy, timetable);
  return (
    <div className="upload-speed-plan">
      {said && (
        <p role="status" className={limitedBy?.reason === 'live' ? 'warning' : undefined}>
          {said}
        </p>
      )}
      {editing ? (
        <TimetableForm
          initial={timetable ?? DEFAULT_TIMETABLE}
          disabled={busy}
          onSave={(chosen) => {
            setEditing(false);
            void setTimetable(chosen);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p>
          {timetable ? timetableWords(timetable) : 'No timetable: the same speed at every hour.'}{' '}
          <button type="button" className="link-button" onClick={() => setEditing(true)} disabled={busy}>
            {timetable ? 'Change timetable' : 'Set a timetable'}
          </button>
          {timetable && (
            <button type="button" className="link-button" onClick={() => void setTimetable(null)} disabled={busy}>
              Remove timetable
            </button>
          )}
        </p>
      )}
    </div>
  );
}

function TimetableForm({ initial, disabled, onSave, onCancel }: { initial: UploadTimetable; disabled: boolean; onSave: (timetable: UploadTimetable) => void; onCancel: () => void }) {
  const [from, setFrom] = useState(initial.fullSpeedFrom);
  const [until, setUntil] = useState(initial.fullSpeedUntil);
  const [otherwise, setOtherwise] = useState(String(Math.round((initial.otherwise / MEGABYTE) * 100) / 100));
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const megabytes = Number(otherwise.trim().replace(',', '.'));
    if (!/^\d\d:\d\d$/.test(from) || !/^\d\d:\d\d$/.test(until)) return setProblem('Give both times of day, like 01:00 and 07:00.');
    if (!Number.isFinite(megabytes) || megabytes < 0.01) return setProblem('Give the speed outside those hours in megabytes per second, like 0.6.');
    setProblem(null);
    onSave({ fullSpeedFrom: from, fullSpeedUntil: until, otherwise: Math.max(1024, Math.round(megabytes * MEGABYTE)) });
  };
  return (
    <form
      className="timetable-form"
      aria-label="Upload timetable"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label className="inline-field">
        Full speed from
        <input type="time" value={from} onChange={(event) => setFrom(event.target.value)} required />
      </label>
      <label className="inline-field">
        to
        <input type="time" value={until} onChange={(event) => setUntil(event.target.value)} required />
      </label>
      <label className="inline-field">
        otherwise
        <input type="text" inputMode="decimal" className="speed-limit" value={otherwise} onChange={(event) => setOtherwise(event.target.value)} aria-invalid={problem !== null} />
        MB/s
      </label>
      <button type="submit" disabled={disabled}>
        Save timetable
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {problem && <span className="error">{problem}</span>}
    </form>
  );
}
