// Videos: the post-show routine in one place. The list (a channel's or all of them, searched, sorted,
// filtered, 50 a page) and, for the video chosen, its view in tabs.
import './videos-panel.css';
import { useEffect } from 'react';
import { useSessionStore } from '../../state/session-slice';
import { useVideosStore } from '../../state/videos-slice';
import { PanelOutcome, SignInFirst } from '../panel-parts';
import { VideoList } from './video-list';
import { VideoListControls } from './video-list-controls';
import { VideoView } from './video-view';
import { useShallow } from 'zustand/react/shallow';

export function VideosPanel() {
  const { selectedId, error, planNote, done, load } = useVideosStore(
    useShallow((state) => ({ selectedId: state.selectedId, error: state.error, planNote: state.planNote, done: state.done, load: state.load })),
  );
  const signedIn = useSessionStore((session) => session.session?.status === 'signed-in');

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  const heading = (
    <>
      <h1 id="panel-title">Videos</h1>
      <p className="panel-purpose">Find, edit, download and keep your recordings; trim, caption and chapter them.</p>
    </>
  );
  if (!signedIn) return <SignInFirst heading={heading} reason="Sign in to see your videos." />;

  return (
    <section className="panel panel-videos" aria-labelledby="panel-title" data-testid="videos-panel">
      {heading}
      <PanelOutcome testId="videos" error={error} planNote={planNote} done={done} />
      {selectedId === null ? (
        <>
          <VideoListControls />
          <VideoList />
        </>
      ) : (
        <VideoView key={selectedId} videoId={selectedId} />
      )}
    </section>
  );
}
