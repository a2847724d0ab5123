// Canned answers in the spec's shapes (docs/platform-api, "Resources and their fields"), and
// identifiers that need encoding in a path, so every case also checks that path parameters are encoded.

/** `c/1` is `c%2F1` in a path. */
export const CHANNEL_ID = 'c/1';
export const CHANNEL = 'c%2F1';
/** `v 2` is `v%202` in a path. */
export const VIDEO_ID = 'v 2';
export const VIDEO = 'v%202';

const picture = { '96x96': 'https://example.test/c1-96.png' };
const owner = { id: 'u1', username: 'demo', picture: 'https://example.test/u1.png' };

export const minimalChannel = { id: 'c/1', title: 'Demo Live', picture, owner, locks: [] };

export const channel = {
  ...minimalChannel,
  locks: { password: [], hash: { type: 'advanced', auth_method: 'custom' } },
  description: 'Live every night',
  tags: ['music', 'live'],
  url: 'demo-live',
  status: 'live',
  last_broadcast_at: 1_700_000_000,
  tinyurl: 'https://example.test/t/1',
  stream: { hls: 'https://example.test/c1.m3u8' },
  stats: { viewer_total: 120, viewer: 7 },
  thumbnail: { live: 'https://example.test/c1.jpg' },
};

export const channelListItem = {
  id: 'c/1',
  title: 'Demo Live',
  url: 'https://example.test/channel/demo-live',
  tiny_url: 'https://example.test/t/1',
  status: 'online',
  broadcast_urls: ['rtmp://a.example.test/live/key', 'rtmp://b.example.test/live/key'],
  default: true,
  live_thumbnail: 'https://example.test/c1.jpg',
  picture,
};

export const devicePassword = { device_name: 'Studio PC', user_name: 'dev-1', created_at: 1_700_000_000, valid_from: 1_700_000_000, valid_until: null };

export const manager = { user_id: 'u9', email: 'helper@example.test', alias: 'Helper', active: true, channels: ['c/1'] };

export const recorderVideo = { id: 'v9', url: 'https://api.example.test/videos/v9.json' };

export const ingestSettings = { rtmp_urls: ['rtmp://a.example.test/live'], channel_key: 'channel-key', streaming_key: 'streaming-key' };
export const currentIngestSettings = { rtmp_url: 'rtmp://a.example.test/live', rtmps_url: 'rtmps://a.example.test:443/live', channel_key: 'channel-key', streaming_key: 'streaming-key' };

export const video = {
  id: 'v 2',
  title: 'Last night',
  description: 'The full show',
  url: 'https://example.test/recorded/v2',
  length: '3600.5',
  created_at: 1_700_000_000,
  added_at: 1_700_000_100,
  file_size: '123456789',
  views: 42,
  thumbnail: { default: 'https://example.test/v2.jpg' },
  media_urls: { flv: 'https://example.test/v2.flv' },
  links: { channel: { href: 'https://api.example.test/channels/c1.json', id: 'c/1' } },
};

export const minimalVideo = { id: 'v 2', links: { channel: { href: 'https://api.example.test/channels/c1.json', id: 'c/1' } } };

export const downloadable = { download_url: 'https://example.test/v2.mp4', expires_at: 1_700_086_400, status: 'available' };

export const ftpUploadDetails = {
  protocol: 'ftp',
  host: 'ftp.example.test',
  port: 21,
  path: 'upload-v3',
  user: 'upload-user',
  password: 'upload-password',
  videoId: 'v3',
  url: 'ftp://upload-user:upload-password@ftp.example.test:21/upload-v3',
};

export const caption = { is_default: true, is_visible: true, language: 'en', status: 'active', video_id: 'v 2' };

export const chapter = { id: 'ch1', title: 'Intro', position: 12.5 };

export const label = { label_id: 3, label_name: 'Concerts', label_color: 'color-2' };
export const otherLabel = { label_id: 4, label_name: 'Talks', label_color: 'color-5' };

export const playlist = { id: 'p/7', title: 'Best of', total_duration: '7200', created_at: 1_700_000_000, updated_at: 1_700_000_500, channel_id: 1 };

export const playlistVideo = {
  id: 'v 2',
  title: 'Last night',
  number_of_thumbnails: 3,
  picture_revision: 1,
  channel_id: 'c/1',
  video_views: 42,
  thumbnail: 'https://example.test/v2.jpg',
  created_at: 1_700_000_000,
  added_at: 1_700_000_100,
  order: 1,
};

export const upcomingEvent = { id: 'e1', title: 'Friday show', description: 'Live from the studio', start: 1_700_100_000, duration: 5400 };

export const hashLock = { type: 'advanced', url: 'https://auth.example.test/start', message: null, button_caption: 'Log in', popup_width: '400', popup_height: '300' };

export const metadataField = {
  name: 'genre',
  display_name: 'Genre',
  content_type: 'video',
  type: 'enum',
  description: 'Musical genre',
  is_required: false,
  enum_items: [{ item: 'rock' }, { item: 'jazz' }],
  children: [],
};

export const image = { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png' } as const;
