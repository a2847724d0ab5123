// The Captions tab: the video's captions with the player's flags (offered to viewers, shown automatically),
// upload of a WebVTT file in one of the platform's languages, and each caption's file to read or save.
import './video-tools.css';
import { useEffect, useState, type FormEvent } from 'react';
import type { VideoCaption } from '../../../../preload/contract.js';
import { useCaptionsStore } from '../../state/captions-slice';
import { webVttProblem } from '../../webvtt-light-check';
import { PanelOutcome } from '../panel-parts';
import type { VideoTabProps } from './video-tab-props';
import { TableHead } from '../table-head';
import { useShallow } from 'zustand/react/shallow';

/** While a caption is processing its status is read again this often. */
const PROCESSING_REFRESH_MS = 1000;

/** Hands the text to the browser as a file download (a save dialog in the app, the downloads folder in a browser). */
function saveAsFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function CaptionRow({ caption, name }: { caption: VideoCaption; name: string }) {
  const { busy, setFlags, readVtt } = useCaptionsStore(
    useShallow((state) => ({ busy: state.busy, setFlags: state.setFlags, readVtt: state.readVtt })),
  );
  return (
    <tr data-testid={`caption-row-${caption.language}`}>
      <th scope="row">
        {name} <code>{caption.language}</code>
      </th>
      <td className={`caption-status-${caption.status}`} data-testid={`caption-status-${caption.language}`}>
        {caption.status === 'active' ? 'Active' : 'Processing…'}
      </td>
      <td>
        <input
          type="checkbox"
          checked={caption.isVisible}
          disabled={busy !== null}
          onChange={(changed) => void setFlags(caption.language, { isVisible: changed.target.checked })}
          aria-label={`${name}: offered to viewers`}
          data-testid={`caption-visible-${caption.language}`}
        />
      </td>
      <td>
        <input
          type="checkbox"
          checked={caption.isDefault}
          disabled={busy !== null}
          onChange={(changed) => void setFlags(caption.language, { isDefault: changed.target.checked })}
          aria-label={`${name}: shown automatically`}
          data-testid={`caption-default-${caption.language}`}
        />
      </td>
      <td className="video-tool-actions">
        <button type="button" className="button button-small" disabled={busy !== null} onClick={() => void readVtt(caption.language)} data-testid={`caption-show-${caption.language}`}>
          Show file
        </button>
      </td>
    </tr>
  );
}

export function CaptionsTab({ videoId }: VideoTabProps) {
  const { videoId: loadedFor, captions, languages, vtt, busy, error, done, load, upload, refresh, refuse } = useCaptionsStore(
    useShallow((state) => ({ videoId: state.videoId, captions: state.captions, languages: state.languages, vtt: state.vtt, busy: state.busy, error: state.error, done: state.done, load: state.load, upload: state.upload, refresh: state.refresh, refuse: state.refuse })),
  );
  const [language, setLanguage] = useState('en');
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    if (loadedFor !== videoId) void load(videoId);
  }, [videoId, loadedFor, load]);

  const shown = loadedFor === videoId ? captions : null;
  const processing = shown?.some((caption) => caption.status === 'processing') ?? false;
  useEffect(() => {
    if (!processing) return undefined;
    const timer = setInterval(() => void refresh(), PROCESSING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [processing, refresh]);

  const nameOf = (code: string) => languages?.find((entry) => entry.code === code)?.name ?? code;

  async function onUpload(submitted: FormEvent) {
    submitted.preventDefault();
    if (!file) return refuse('Choose a WebVTT (.vtt) file to upload.');
    const text = await file.text();
    const problem = webVttProblem(text, file.name);
    if (problem) return refuse(problem);
    await upload(language, text, file.name);
  }

  return (
    <section className="video-tool" aria-label="Captions" data-testid="captions-tab">
      <p className="hint">Captions are WebVTT files, one per language. The default one is shown automatically; hidden ones are not offered to viewers.</p>
      <PanelOutcome testId="captions" error={error} done={done} />
      {shown === null ? (
        <p className="hint">{busy === 'load' ? 'Reading the captions…' : 'The captions could not be read.'}</p>
      ) : shown.length === 0 ? (
        <p className="hint" data-testid="captions-empty">
          This video has no captions.
        </p>
      ) : (
        <table className="video-tool-table" data-testid="captions-table">
          <TableHead columns={['Language', 'Status', 'Offered to viewers', 'Shown automatically']} />
          <tbody>
            {shown.map((caption) => (
              <CaptionRow key={caption.language} caption={caption} name={nameOf(caption.language)} />
            ))}
          </tbody>
        </table>
      )}
      <h2>Upload a caption</h2>
      <form className="video-tool-form" aria-label="Upload a caption" onSubmit={(submitted) => void onUpload(submitted)} noValidate>
        <fieldset disabled={busy !== null || languages === null}>
          <label className="field">
            Language
            <select value={language} onChange={(changed) => setLanguage(changed.target.value)} data-testid="caption-language">
              {(languages ?? []).map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.name} ({entry.code}){shown?.some((caption) => caption.language === entry.code) ? ': replaces the file' : ''}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            WebVTT file
            <input type="file" accept=".vtt,text/vtt" onChange={(changed) => setFile(changed.target.files?.[0] ?? null)} data-testid="caption-file" />
          </label>
          <button type="submit" className="button button-primary" data-testid="caption-upload">
            {busy === 'upload' ? 'Uploading…' : 'Upload caption'}
          </button>
        </fieldset>
      </form>
      {vtt && loadedFor === videoId && (
        <section aria-label={`The ${nameOf(vtt.language)} caption file`}>
          <h2>
            The {nameOf(vtt.language)} caption file{' '}
            <button type="button" className="button button-small" onClick={() => saveAsFile(vtt.text, `video-${videoId}-${vtt.language}.vtt`)} data-testid="caption-save">
              Save as a file
            </button>
          </h2>
          <pre className="caption-file" data-testid="caption-file-text">
            {vtt.text}
          </pre>
        </section>
      )}
    </section>
  );
}
