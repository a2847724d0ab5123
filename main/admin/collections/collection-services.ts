// The Playlists panel's services (and the Channel panel's upcoming events), built together: one per
// contract namespace, keyed by the namespace's name.
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { buildServices, type ServiceSet } from '../platform-backed-service.js';
import { FeaturedVideoService } from './featured-video-service.js';
import { PlaylistService } from './playlist-service.js';
import { UpcomingEventService } from './upcoming-event-service.js';
import { VideoChoiceService } from './video-choice-service.js';

const COLLECTION_SERVICES = { featured: FeaturedVideoService, playlists: PlaylistService, upcomingEvents: UpcomingEventService, videoChoices: VideoChoiceService };

export type CollectionServices = ServiceSet<typeof COLLECTION_SERVICES>;

export function createCollectionServices(platformApi: () => Promise<PlatformApi>): CollectionServices {
  return buildServices(COLLECTION_SERVICES, platformApi);
}
