// One video, in tabs: its own (details, download, expiration, metadata), then the per-video tools
// (video-tool-tabs.ts). A video opened from a caption match says where the words are, so the streamer can
// go on from that moment (a chapter, a trim, a thumbnail frame) in the tools.
import { useState, type ComponentType, type KeyboardEvent } from 'react';
import { useVideosStore } from '../../state/videos-slice';
import { formatClock } from './format-clock';
import { VideoDetailsTab } from './video-details-tab';
import { VideoDownloadTab } from './video-download-tab';
import { VideoExpirationTab } from './video-expiration-tab';
import { VideoMetadataTab } from './video-metadata-tab';
import type { VideoTabProps } from './video-tab-props';
import { videoToolTabs } from './video-tool-tabs';
import { useShallow } from 'zustand/react/shallow';

const ownTabs: readonly { id: string; label: string; Tab: ComponentType<VideoTabProps> }[] = [
  { id: 'details', label: 'Details', Tab: VideoDetailsTab },
  { id: 'download', label: 'Download', Tab: VideoDownloadTab },
  { id: 'expiration', label: 'Expiration', Tab: VideoExpirationTab },
  { id: 'metadata', label: 'Metadata', Tab: VideoMetadataTab },
];

export function VideoView({ videoId }: { videoId: string }) {
  const { page, details, jump, close } = useVideosStore(
    useShallow((state) => ({ page: state.page, details: state.details, jump: state.jump, close: state.close })),
  );
  const [tabId, setTabId] = useState('details');
  const tabs = [...ownTabs, ...videoToolTabs];
  const row = page?.items.find((item) => item.id === videoId) ?? null;
  const known = details?.id === videoId ? details : row;
  const props: VideoTabProps = {
    videoId,
    channelId: known?.channelId ?? '',
    title: known?.title ?? '',
    lengthSeconds: known?.lengthSeconds ?? null,
  };
  const current = tabs.find((tab) => tab.id === tabId) ?? tabs[0]!;

  /** The WAI-ARIA tabs pattern: arrows, Home and End move between tabs (one tab stop for the whole row). */
  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.indexOf(current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    setTabId(target.id);
    document.getElementById(`video-tab-${target.id}`)?.focus();
  }
  return (
    <section className="video-view" aria-labelledby="video-view-title" data-testid="video-view">
      <button type="button" className="link-button" onClick={close} data-testid="video-back">
        ← Back to the list
      </button>
      <h2 id="video-view-title">{known?.title || `Video ${videoId}`}</h2>
      {jump && (
        <p className="video-jump" role="status" data-testid="video-jump">
          Found at <strong>{formatClock(jump.startSec)}</strong>–{formatClock(jump.endSec)} in the captions: “{jump.caption}”
        </p>
      )}
      <div className="video-tabs" role="tablist" aria-label="Video tabs" onKeyDown={onTabKey}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`video-tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            tabIndex={tab.id === current.id ? 0 : -1}
            aria-controls="video-tab-panel"
            className="video-tab"
            onClick={() => setTabId(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="video-tab-panel" role="tabpanel" id="video-tab-panel" aria-labelledby={`video-tab-${current.id}`}>
        <current.Tab {...props} />
      </div>
    </section>
  );
}
