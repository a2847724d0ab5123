// The Playlists panel's services (and the Channel panel's upcoming events), built together: one per
// contract namespace, keyed by the namespace's name.
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { FeaturedVideoService } from './featured-video-service.js';
import { PlaylistService } from './playlist-service.js';
import { UpcomingEventService } from './upcoming-event-service.js';
import { VideoChoiceService } from './video-choice-service.js';

export interface CollectionServices {
  readonly featured: FeaturedVideoService;
  readonly playlists: PlaylistService;
  readonly upcomingEvents: UpcomingEventService;
  readonly videoChoices: VideoChoiceService;
}

export function createCollectionServices(platformApi: () => Promise<PlatformApi>): CollectionServices {
  return {
    featured: new FeaturedVideoService(platformApi),
    playlists: new PlaylistService(platformApi),
    upcomingEvents: new UpcomingEventService(platformApi),
    videoChoices: new VideoChoiceService(platformApi),
  };
}
