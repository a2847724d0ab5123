// The Playlists panel's services (and the Channel panel's upcoming events), built together so the core and
// the facade take them as one.
import type { PlatformApi } from '../platform/endpoints/index.js';
import { FeaturedVideoService } from './featured-video-service.js';
import { PlaylistService } from './playlist-service.js';
import { UpcomingEventService } from './upcoming-event-service.js';
import { VideoChoiceService } from './video-choice-service.js';

export interface CollectionServices {
  readonly featured: FeaturedVideoService;
  readonly playlists: PlaylistService;
  readonly events: UpcomingEventService;
  readonly videoChoices: VideoChoiceService;
}

export function createCollectionServices(platformApi: () => Promise<PlatformApi>): CollectionServices {
  return {
    featured: new FeaturedVideoService(platformApi),
    playlists: new PlaylistService(platformApi),
    events: new UpcomingEventService(platformApi),
    videoChoices: new VideoChoiceService(platformApi),
  };
}
