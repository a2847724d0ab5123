import './branding-panel.css';
import { useEffect } from 'react';
import { useBrandingStore } from '../state/branding-slice';
import { useDesignStore } from '../state/design-slice';
import { useSessionStore } from '../state/session-slice';
import { BrandingSection } from './branding/branding-section';
import { DesignSection } from './branding/design-section';
import { ChannelSelect } from './channel-select';
import { PanelOutcome, SignInFirst } from './panel-parts';
import { useShallow } from 'zustand/react/shallow';

export function BrandingPanel() {
  const { channels, channelId, busy, error, planNote, done, load, choose } = useBrandingStore(
    useShallow((state) => ({ channels: state.channels, channelId: state.channelId, busy: state.busy, error: state.error, planNote: state.planNote, done: state.done, load: state.load, choose: state.choose })),
  );
  const design = useDesignStore(
    useShallow((state) => ({ background: state.background, busy: state.busy, done: state.done, error: state.error, load: state.load, planNote: state.planNote })),
  );
  const loadDesign = design.load;
  const signedIn = useSessionStore((state) => state.session?.status === 'signed-in');

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  useEffect(() => {
    if (channelId !== null) void loadDesign(channelId);
  }, [channelId, loadDesign]);

  const heading = (
    <>
      <h1 id="panel-title">Branding</h1>
      <p className="panel-purpose">Your channel&apos;s branding and logo, page background colour and picture.</p>
    </>
  );
  if (!signedIn) return <SignInFirst heading={heading} reason="Sign in to change your channels' branding." />;
  const problem = error ?? design.error;
  const news = done ?? design.done;
  return (
    <section className="panel panel-look" aria-labelledby="panel-title" data-testid="branding-panel">
      {heading}
      {channels && <ChannelSelect label="Channel" channels={channels} chosenId={channelId} disabled={busy !== null || design.busy !== null} testId="look-channel" onChoose={choose} />}
      <PanelOutcome testId="look" planNote={planNote ?? design.planNote} error={problem} done={news} />
      {channels?.length === 0 && <p className="next-action">You have no channels.</p>}
      {channelId !== null && (
        <div className="look-sections" key={channelId}>
          <BrandingSection />
          <DesignSection key={`${channelId}:${design.busy === 'load' ? 'loading' : (design.background ?? 'none')}`} />
        </div>
      )}
    </section>
  );
}
