// Security: who may watch a channel and how. Locks (password, embedding, the platform page), viewer
// settings, and viewer authentication through the streamer's own service.
import './security-panel.css';
import { useEffect } from 'react';
import { useSecurityStore } from '../state/security-slice';
import { useSessionStore } from '../state/session-slice';
import { ChannelSelect } from './channel-select';
import { LocksSection } from './security/locks-section';
import { ViewerAuthSection } from './security/viewer-auth-section';
import { ViewerSettingsSection } from './security/viewer-settings-section';
import { PanelOutcome, SignInFirst } from './panel-parts';
import { useShallow } from 'zustand/react/shallow';

export function SecurityPanel() {
  const { channels, channelId, security, busy, error, planNote, done, load, choose } = useSecurityStore(
    useShallow((state) => ({ channels: state.channels, channelId: state.channelId, security: state.security, busy: state.busy, error: state.error, planNote: state.planNote, done: state.done, load: state.load, choose: state.choose })),
  );
  const signedIn = useSessionStore((state) => state.session?.status === 'signed-in');

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  const heading = (
    <>
      <h1 id="panel-title">Security</h1>
      <p className="panel-purpose">Who may watch your channel, where, and how viewers sign in.</p>
    </>
  );
  if (!signedIn) return <SignInFirst heading={heading} reason="Sign in to manage your channels' security." />;

  return (
    <section className="panel panel-security" aria-labelledby="panel-title" data-testid="security-panel">
      {heading}
      {channels && <ChannelSelect label="Channel" channels={channels} chosenId={channelId} disabled={busy !== null} testId="security-channel" onChoose={(id) => void choose(id)} />}
      <PanelOutcome testId="security" planNote={planNote} error={error} done={done} />
      {channels?.length === 0 && <p className="next-action">You have no channels.</p>}
      {security && security.channelId === channelId && (
        <>
          <LocksSection security={security} />
          <ViewerSettingsSection channelId={security.channelId} />
          <ViewerAuthSection channelId={security.channelId} />
        </>
      )}
    </section>
  );
}
