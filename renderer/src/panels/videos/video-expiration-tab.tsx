// When the video is removed by the platform, if ever, and the one change the platform takes: never.
import { useEffect } from 'react';
import { useVideoExpirationStore } from '../../state/video-expiration-slice';
import { formatExpiry } from '../../format-expiry';
import { PanelOutcome } from '../panel-parts';
import type { VideoTabProps } from './video-tab-props';
import { useShallow } from 'zustand/react/shallow';

export function VideoExpirationTab({ videoId }: VideoTabProps) {
  const { expiration, busy, error, planNote, done, load, keepForever } = useVideoExpirationStore(
    useShallow((state) => ({ expiration: state.expiration, busy: state.busy, error: state.error, planNote: state.planNote, done: state.done, load: state.load, keepForever: state.keepForever })),
  );

  useEffect(() => {
    void load(videoId);
  }, [videoId, load]);

  const shown = expiration?.videoId === videoId ? expiration : null;
  return (
    <div className="video-expiration" data-testid="video-expiration">
      <PanelOutcome testId="expiration" error={error} planNote={planNote} done={done} />
      {busy === 'load' && <p role="status">Loading…</p>}
      {shown && (
        <>
          <p data-testid="expiration-state">
            {shown.rule === 'never'
              ? 'This video never expires.'
              : shown.expiresAt === null
                ? 'This video expires at a set time (the platform did not say when).'
                : `This video expires on ${new Date(shown.expiresAt * 1000).toLocaleString()} (${formatExpiry(shown.expiresAt)}).`}
          </p>
          <p className="hint">The platform can only take an expiration away here; a new one is set on the platform&apos;s website.</p>
          <button type="button" className="button button-primary" disabled={busy !== null || shown.rule === 'never'} onClick={() => void keepForever()} data-testid="expiration-never">
            {busy === 'save' ? 'Saving…' : 'Keep it forever (never expire)'}
          </button>
        </>
      )}
    </div>
  );
}
