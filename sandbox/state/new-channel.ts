// A channel as the platform makes it: off air, a fresh permanent key, no locks, recording off, 8 hours max.
import type { Channel } from './model.js';
import { nowSeconds, randomToken } from './random.js';

export interface NewChannel {
  readonly id: string;
  readonly ownerId: string;
  readonly title: string;
  readonly urlName: string;
}

export function newChannel(fields: NewChannel, extra: Partial<Channel> = {}): Channel {
  return {
    ...fields,
    description: '',
    tags: [],
    status: 'offair',
    lastBroadcastAt: null,
    createdAt: nowSeconds(),
    viewerTotal: 0,
    viewers: 0,
    isDefault: false,
    password: null,
    channelKey: randomToken(18),
    streamingKey: null,
    autorecord: 'disabled',
    recordingLimit: 8 * 3600,
    recording: null,
    hooks: {},
    ...extra,
  };
}

/** The URL name a title gets: lowercase words joined by dashes. */
export function urlNameFor(title: string): string {
  return title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
