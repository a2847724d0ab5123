// The Trim and copy tab: the current trim (playback start and end; the original file is unchanged), set
// or remove it; copy a part into a new video and follow the platform's copy until it is made.
import './video-tools.css';
import { useEffect, useState, type FormEvent } from 'react';
import { MIN_CUT_SECONDS, type VideoTrim } from '../../../../preload/contract.js';
import { parseClock } from '../../parse-clock';
import { useNow } from '../../use-now';
import { useTrimCopyStore, type CopyRow } from '../../state/trim-copy-slice';
import { useVideosStore } from '../../state/videos-slice';
import { CopyButton } from '../copy-button';
import { PanelOutcome } from '../panel-parts';
import { formatClock } from './format-clock';
import type { VideoTabProps } from './video-tab-props';
import { useShallow } from 'zustand/react/shallow';

/** The part as whole seconds, or a sentence saying what is wrong with it. */
function rangeOf(startText: string, endText: string, lengthSeconds: number | null): { start: number; end: number } | string {
  const start = parseClock(startText);
  const end = parseClock(endText);
  if (start === null || end === null) return 'Enter the start and end as seconds (90) or minutes and seconds (1:30).';
  if (end - start < MIN_CUT_SECONDS) return `The end must be at least ${MIN_CUT_SECONDS} seconds after the start (now ${end - start} s).`;
  if (lengthSeconds !== null && end > Math.ceil(lengthSeconds)) return `The video is ${formatClock(lengthSeconds)} long; the end must be within it.`;
  return { start, end };
}

/** The platform's answer when no trim is set is the whole video (spec: not shown; the sandbox's choice). */
function playsWhole(trim: VideoTrim, lengthSeconds: number | null): boolean {
  return trim.start === 0 && lengthSeconds !== null && trim.end >= Math.floor(lengthSeconds);
}

function describeTrim(trim: VideoTrim, lengthSeconds: number | null): string {
  if (playsWhole(trim, lengthSeconds)) return `Not trimmed: the whole video plays (0:00 to ${formatClock(trim.end)}).`;
  return `Trimmed: playback runs from ${formatClock(trim.start)} to ${formatClock(trim.end)} (${trim.end - trim.start} s${lengthSeconds !== null ? ` of ${formatClock(lengthSeconds)}` : ''}).`;
}

function CopyRows({ rows }: { rows: readonly CopyRow[] }) {
  const now = useNow(rows.some((row) => !row.progress.finished && row.failure === null));
  if (rows.length === 0) return null;
  return (
    <ul className="copy-rows" data-testid="copy-rows">
      {rows.map((row) => {
        const seconds = Math.max(0, Math.round(((row.finishedAt ?? now) - row.startedAt) / 1000));
        return (
          <li key={row.requestId} data-testid="copy-row" data-state={row.failure ? 'failed' : row.progress.finished ? 'finished' : 'copying'}>
            <span>
              <strong>{row.title}</strong> ({formatClock(row.start)}–{formatClock(row.end)})
            </span>
            {row.failure ? (
              <span className="error">{row.failure}</span>
            ) : row.progress.finished ? (
              <span className="done" data-testid="copy-finished">
                Made in {seconds} s: new video {row.progress.videoId ?? '(id not given)'}, unpublished{row.progress.videoUrl && <> at {row.progress.videoUrl} <CopyButton text={row.progress.videoUrl} label="the new video's address" /></>}
              </span>
            ) : (
              <span>
                <progress aria-label={`Copying ${row.title}`} /> copying for {seconds} s…
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Problem({ text, testId }: { text: string | null; testId: string }) {
  return text ? (
    <p className="error" role="alert" data-testid={testId}>
      {text}
    </p>
  ) : null;
}

/** Starts from the current trim (keyed by it, so a newly read trim fills the fields). */
function TrimForm({ current, lengthSeconds }: { current: VideoTrim | null; lengthSeconds: number | null }) {
  const { busy, setTrim, removeTrim } = useTrimCopyStore(
    useShallow((state) => ({ busy: state.busy, setTrim: state.setTrim, removeTrim: state.removeTrim })),
  );
  const [start, setStart] = useState(current ? formatClock(current.start) : '0:00');
  const [end, setEnd] = useState(current ? formatClock(current.end) : lengthSeconds !== null ? formatClock(lengthSeconds) : '');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const range = rangeOf(start, end, lengthSeconds);
    setProblem(typeof range === 'string' ? range : null);
    if (typeof range !== 'string') await setTrim(range);
  }

  return (
    <form className="video-tool-form" aria-label="Trim" onSubmit={(submitted) => void submit(submitted)} noValidate>
      <fieldset disabled={busy !== null}>
        <label className="field field-short">
          Start
          <input type="text" value={start} onChange={(changed) => setStart(changed.target.value)} placeholder="0:00" data-testid="trim-start" />
        </label>
        <label className="field field-short">
          End
          <input type="text" value={end} onChange={(changed) => setEnd(changed.target.value)} placeholder="1:30" data-testid="trim-end" />
        </label>
        <button type="submit" className="button button-primary" data-testid="trim-set">
          {busy === 'set' ? 'Trimming…' : 'Set trim'}
        </button>
        <button type="button" className="button" disabled={current === null || playsWhole(current, lengthSeconds)} onClick={() => void removeTrim()} data-testid="trim-remove">
          {busy === 'remove' ? 'Removing…' : 'Remove trim'}
        </button>
      </fieldset>
      <Problem text={problem} testId="trim-problem" />
    </form>
  );
}

function CopyForm({ title, lengthSeconds }: { title: string; lengthSeconds: number | null }) {
  const { busy, copy } = useTrimCopyStore(
    useShallow((state) => ({ busy: state.busy, copy: state.copy })),
  );
  // Opened from a caption match: the part around those words is the likely clip.
  const jump = useVideosStore((store) => store.jump);
  const from = jump ? Math.floor(jump.startSec) : 0;
  const [start, setStart] = useState(formatClock(from));
  const [end, setEnd] = useState(formatClock(Math.max(from + MIN_CUT_SECONDS, jump ? Math.ceil(jump.endSec) : 0)));
  const [copyTitle, setCopyTitle] = useState(`${title} (part)`);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const range = rangeOf(start, end, lengthSeconds);
    const found = typeof range === 'string' ? range : copyTitle.trim() === '' ? 'Give the new video a title.' : null;
    setProblem(found);
    if (typeof range !== 'string' && !found) await copy({ ...range, title: copyTitle.trim() });
  }

  return (
    <form className="video-tool-form" aria-label="Copy a part" onSubmit={(submitted) => void submit(submitted)} noValidate>
      <fieldset disabled={busy !== null}>
        <label className="field field-short">
          Start
          <input type="text" value={start} onChange={(changed) => setStart(changed.target.value)} data-testid="copy-start" />
        </label>
        <label className="field field-short">
          End
          <input type="text" value={end} onChange={(changed) => setEnd(changed.target.value)} data-testid="copy-end" />
        </label>
        <label className="field">
          Title of the new video
          <input type="text" value={copyTitle} maxLength={255} onChange={(changed) => setCopyTitle(changed.target.value)} data-testid="copy-title" />
        </label>
        <button type="submit" className="button button-primary" data-testid="copy-start-button">
          {busy === 'copy' ? 'Starting…' : 'Copy to a new video'}
        </button>
      </fieldset>
      <Problem text={problem} testId="copy-problem" />
    </form>
  );
}

export function TrimCopyTab({ videoId, title, lengthSeconds }: VideoTabProps) {
  const { videoId: loadedFor, trim, busy, error, done, copies, load } = useTrimCopyStore(
    useShallow((state) => ({ videoId: state.videoId, trim: state.trim, busy: state.busy, error: state.error, done: state.done, copies: state.copies, load: state.load })),
  );

  useEffect(() => {
    if (loadedFor !== videoId) void load(videoId);
  }, [videoId, loadedFor, load]);

  const shown = loadedFor === videoId ? trim : null;
  return (
    <section className="video-tool" aria-label="Trim and copy" data-testid="trim-copy-tab">
      <p className="video-tool-current" data-testid="trim-current">
        {shown ? describeTrim(shown, lengthSeconds) : busy === 'load' ? 'Reading the trim…' : 'The trim could not be read.'}
      </p>
      <PanelOutcome testId="trim" error={error} done={done} />
      <h2>Trim</h2>
      <p className="hint">Playback starts and ends where you say; the original file stays as it is, and removing the trim brings the whole video back.</p>
      <TrimForm key={shown ? `${shown.start}-${shown.end}` : 'unread'} current={shown} lengthSeconds={lengthSeconds} />
      <h2>Copy a part to a new video</h2>
      <p className="hint">The platform makes the copy in the background as an unpublished video on the same channel; it shows below when done, even if you open another panel meanwhile.</p>
      <CopyForm title={title} lengthSeconds={lengthSeconds} />
      <CopyRows rows={copies.filter((row) => row.sourceVideoId === videoId)} />
    </section>
  );
}
