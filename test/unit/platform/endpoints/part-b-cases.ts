// The cases of Part B's endpoints (docs/platform-api/part-b.md): videos and everything attached to
// them, featured videos, playlists, upcoming events, hooks, metadata fields and the hash lock.
import type { EndpointCase } from './endpoint-cases.js';
import {
  CHANNEL,
  CHANNEL_ID,
  VIDEO,
  VIDEO_ID,
  caption,
  chapter,
  downloadable,
  ftpUploadDetails,
  hashLock,
  image,
  label,
  metadataField,
  minimalVideo,
  otherLabel,
  playlist,
  playlistVideo,
  upcomingEvent,
  video,
} from './fixtures.js';

const videos: EndpointCase[] = [
  {
    fn: 'videos.listForChannel',
    call: (api) => api.videos.listForChannel(CHANNEL_ID, { q: 'show', sort: 'popular', protect: ['public', 'private'], pageSize: 5, anonymous: true }),
    request: {
      method: 'GET',
      path: `/channels/${CHANNEL}/videos.json`,
      query: { page: 1, pagesize: 5, q: 'show', sort: 'popular', 'filter[protect]': 'public,private' },
      endpoint: 'GET /channels/<channel_id>/videos.<format>',
      auth: 'none',
    },
    reply: { body: { videos: [{ ...video, caption_matches: [{ start_sec: 1.5, end_sec: 3, caption: 'the show' }] }], paging: { next: null } } },
    result: [{ ...video, caption_matches: [{ start_sec: 1.5, end_sec: 3, caption: 'the show' }] }],
    malformed: { body: { videos: [{ id: 'v 2' }] } },
  },
  {
    fn: 'videos.listForUser',
    call: (api) => api.videos.listForUser({ sort: 'recent', protect: [] }),
    request: { method: 'GET', path: '/users/self/videos.json', query: { page: 1, sort: 'recent' }, endpoint: 'GET /users/self/videos.<format>', auth: 'user' },
    reply: { body: { videos: [video], paging: {} } },
    result: [video],
    malformed: { body: { videos: [{ ...video, views: '42' }] } },
  },
  {
    fn: 'videos.pageForChannel',
    call: (api) => api.videos.pageForChannel(CHANNEL_ID, 2, { q: 'show', sort: 'recent', protect: [], pageSize: 50 }),
    request: {
      method: 'GET',
      path: `/channels/${CHANNEL}/videos.json`,
      query: { page: 2, pagesize: 50, q: 'show', sort: 'recent' },
      endpoint: 'GET /channels/<channel_id>/videos.<format>',
      auth: 'user',
    },
    reply: { body: { videos: [video], paging: { previous: 'https://api.example.test/channels/5/videos.json?page=1', next: 'https://api.example.test/channels/5/videos.json?page=3' } } },
    result: { items: [video], hasPrevious: true, hasNext: true },
    malformed: { body: { videos: [{ ...video, length: 60 }] } },
  },
  {
    fn: 'videos.pageForUser',
    call: (api) => api.videos.pageForUser(1, { sort: 'popular', protect: ['private'] }),
    request: { method: 'GET', path: '/users/self/videos.json', query: { page: 1, sort: 'popular', 'filter[protect]': 'private' }, endpoint: 'GET /users/self/videos.<format>', auth: 'user' },
    reply: { body: { videos: [video] } },
    result: { items: [video], hasPrevious: false, hasNext: false },
    malformed: { body: { videos: [{ ...video, title: 7 }] } },
  },
  {
    fn: 'videos.get',
    call: (api) => api.videos.get(VIDEO_ID, { detailLevel: 'owner' }),
    request: { method: 'GET', path: `/videos/${VIDEO}.json`, query: { detail_level: 'owner' }, endpoint: 'GET /videos/<video_id>.<format>', auth: 'user' },
    reply: { body: { video: { ...video, stream: { dhls: 'https://example.test/v2-direct.m3u8' } } } },
    result: { ...video, stream: { dhls: 'https://example.test/v2-direct.m3u8' } },
    malformed: { body: { video: { ...video, created_at: '2024-01-01' } } },
  },
  {
    fn: 'videos.get',
    variant: 'minimal, without a token',
    call: (api) => api.videos.get(VIDEO_ID, { anonymous: true }),
    request: { method: 'GET', path: `/videos/${VIDEO}.json`, endpoint: 'GET /videos/<video_id>.<format>', auth: 'none' },
    reply: { body: { video: minimalVideo } },
    result: minimalVideo,
    malformed: { body: { video: { id: 'v 2' } } },
  },
  {
    fn: 'videos.edit',
    call: (api) => api.videos.edit(VIDEO_ID, { title: 'Renamed', protect: 'private' }),
    request: { method: 'PUT', path: `/videos/${VIDEO}.json`, form: { title: 'Renamed', protect: 'private' }, endpoint: 'PUT /videos/<video_id>.<format>', auth: 'user' },
  },
  {
    fn: 'videos.remove',
    call: (api) => api.videos.remove(VIDEO_ID),
    request: { method: 'DELETE', path: `/videos/${VIDEO}.json`, endpoint: 'DELETE /videos/<video_id>.<format>', auth: 'user' },
  },
];

const downloads: EndpointCase[] = [
  {
    fn: 'downloads.get',
    call: (api) => api.downloads.get(VIDEO_ID, 'mp4'),
    request: { method: 'GET', path: `/videos/${VIDEO}/downloadable/mp4.json`, endpoint: 'GET /videos/<video_id>/downloadable/<video_format>.<format>', auth: 'user' },
    reply: { body: { downloadable } },
    result: downloadable,
    malformed: { body: { downloadable: { ...downloadable, status: 'ready' } } },
  },
  {
    fn: 'downloads.request',
    call: (api) => api.downloads.request(VIDEO_ID, 'flv'),
    request: {
      method: 'POST',
      path: `/videos/${VIDEO}/downloadable/flv.json`,
      endpoint: 'POST /videos/<video_id>/downloadable/<video_format>.<format>',
      auth: 'user',
      idempotent: true,
    },
    reply: { body: { downloadable: { download_url: null, expires_at: null, status: 'pending' } } },
    result: { download_url: null, expires_at: null, status: 'pending' },
    malformed: { body: { downloadable: { status: 'pending' } } },
  },
];

const uploads: EndpointCase[] = [
  {
    fn: 'uploads.init',
    call: (api) => api.uploads.init(CHANNEL_ID, { title: 'Clip', description: 'A clip', protect: 1 }),
    request: {
      method: 'POST',
      path: `/channels/${CHANNEL}/uploads.json`,
      query: { type: 'videoupload-ftp' },
      form: { title: 'Clip', description: 'A clip', protect: 1 },
      endpoint: 'POST /channels/<channel_id>/uploads.<format>?type=videoupload-ftp',
      auth: 'user',
    },
    reply: { status: 201, body: ftpUploadDetails },
    result: ftpUploadDetails,
    malformed: { status: 201, body: { ...ftpUploadDetails, port: '21' } },
  },
  {
    fn: 'uploads.markReady',
    call: (api) => api.uploads.markReady(CHANNEL_ID, 'v3'),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/uploads/v3.json`, form: { status: 'ready' }, endpoint: 'PUT /channels/<channel_id>/uploads/<video_id>.<format>', auth: 'user' },
    reply: { status: 202 },
  },
  {
    fn: 'uploads.status',
    call: (api) => api.uploads.status(CHANNEL_ID, 'v3'),
    request: { method: 'GET', path: `/channels/${CHANNEL}/uploads/v3.json`, endpoint: 'GET /channels/<channel_id>/uploads/<video_id>.<format>', auth: 'user' },
    reply: { body: { status: 'transcoding' } },
    result: 'transcoding',
    malformed: { body: { status: 'done' } },
  },
];

const expiration: EndpointCase[] = [
  {
    fn: 'expiration.get',
    call: (api) => api.expiration.get(VIDEO_ID),
    request: { method: 'GET', path: `/videos/${VIDEO}/expiration.json`, endpoint: 'GET /videos/<video_id>/expiration.<format>', auth: 'user' },
    reply: { body: { rule: 'at_given_time', expires_at: 1_800_000_000 } },
    result: { rule: 'at_given_time', expires_at: 1_800_000_000 },
    malformed: { body: { rule: 'sometimes' } },
  },
  {
    fn: 'expiration.get',
    variant: 'under a key',
    call: (api) => api.expiration.get(VIDEO_ID),
    request: { method: 'GET', path: `/videos/${VIDEO}/expiration.json`, endpoint: 'GET /videos/<video_id>/expiration.<format>', auth: 'user' },
    reply: { body: { expiration: { rule: 'never' } } },
    result: { rule: 'never' },
    malformed: { body: { expiration: { rule: 'at_given_time', expires_at: 'tomorrow' } } },
  },
  {
    fn: 'expiration.setRule',
    call: (api) => api.expiration.setRule(VIDEO_ID, 'never'),
    request: { method: 'PUT', path: `/videos/${VIDEO}/expiration.json`, form: { rule: 'never' }, endpoint: 'PUT /videos/<video_id>/expiration.<format>', auth: 'user' },
  },
];

const videoMetadata: EndpointCase[] = [
  {
    fn: 'videoMetadata.list',
    call: (api) => api.videoMetadata.list(VIDEO_ID),
    request: { method: 'GET', path: `/videos/${VIDEO}/custom-metadata.json`, endpoint: 'GET /videos/<video_id>/custom-metadata.<format>', auth: 'user' },
    reply: { body: { metadata: [{ field_id: 'f1', value: 'jazz' }] } },
    result: [{ field_id: 'f1', value: 'jazz' }],
    malformed: { body: { metadata: { f1: 'jazz' } } },
  },
  {
    fn: 'videoMetadata.set',
    call: (api) => api.videoMetadata.set(VIDEO_ID, 'f1', 'jazz'),
    request: { method: 'PUT', path: `/videos/${VIDEO}/custom-metadata/f1.json`, form: { value: 'jazz' }, endpoint: 'PUT /videos/<video_id>/custom-metadata/<field_id>.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'videoMetadata.remove',
    call: (api) => api.videoMetadata.remove(VIDEO_ID, 'f1'),
    request: { method: 'DELETE', path: `/videos/${VIDEO}/custom-metadata/f1.json`, endpoint: 'DELETE /videos/<video_id>/custom-metadata/<field_id>.<format>', auth: 'user' },
  },
];

const thumbnailsTrimCopy: EndpointCase[] = [
  {
    fn: 'thumbnailsTrimCopy.uploadThumbnail',
    call: (api) => api.thumbnailsTrimCopy.uploadThumbnail(VIDEO_ID, { data: image.data, contentType: 'image/jpeg' }),
    request: {
      method: 'POST',
      path: `/videos/${VIDEO}/thumbnail.json`,
      body: { data: image.data, contentType: 'image/jpeg' },
      endpoint: 'POST /videos/<video_id>/thumbnail.<format>',
      auth: 'user',
      idempotent: true,
    },
    reply: { status: 204 },
  },
  {
    fn: 'thumbnailsTrimCopy.setThumbnailFrame',
    call: (api) => api.thumbnailsTrimCopy.setThumbnailFrame(VIDEO_ID, 12.5),
    request: {
      method: 'POST',
      path: `/videos/${VIDEO}/thumbnail/frame.json`,
      form: { position: 12.5 },
      endpoint: 'POST /videos/<video_id>/thumbnail/frame.<format>',
      auth: 'user',
      idempotent: true,
    },
    reply: { status: 204 },
  },
  {
    fn: 'thumbnailsTrimCopy.setTrim',
    call: (api) => api.thumbnailsTrimCopy.setTrim(VIDEO_ID, { start: 10, end: 70 }),
    request: { method: 'PUT', path: `/videos/${VIDEO}/trim.json`, form: { start: 10, end: 70 }, endpoint: 'PUT /videos/<video_id>/trim.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'thumbnailsTrimCopy.getTrim',
    call: (api) => api.thumbnailsTrimCopy.getTrim(VIDEO_ID),
    request: { method: 'GET', path: `/videos/${VIDEO}/trim.json`, endpoint: 'GET /videos/<video_id>/trim.<format>', auth: 'user' },
    reply: { body: { trim: { start: 10, end: 70 } } },
    result: { start: 10, end: 70 },
    malformed: { body: { trim: { start: 10.5, end: 70 } } },
  },
  {
    fn: 'thumbnailsTrimCopy.removeTrim',
    call: (api) => api.thumbnailsTrimCopy.removeTrim(VIDEO_ID),
    request: { method: 'DELETE', path: `/videos/${VIDEO}/trim.json`, endpoint: 'DELETE /videos/<video_id>/trim.<format>', auth: 'user' },
  },
  {
    fn: 'thumbnailsTrimCopy.copy',
    call: (api) => api.thumbnailsTrimCopy.copy(VIDEO_ID, { start: 0, end: 30, title: 'Highlight', description: 'Best bit' }),
    request: {
      method: 'POST',
      path: `/videos/${VIDEO}/copy.json`,
      form: { start: 0, end: 30, title: 'Highlight', description: 'Best bit' },
      endpoint: 'POST /videos/<video_id>/copy.<format>',
      auth: 'user',
    },
    reply: { status: 202, body: { request_id: 'r1', status_url: 'https://api.example.test/videos-copy-status/r1.json' } },
    result: { request_id: 'r1', status_url: 'https://api.example.test/videos-copy-status/r1.json' },
    malformed: { status: 202, body: { request_id: 1 } },
  },
  {
    fn: 'thumbnailsTrimCopy.copyStatus',
    call: (api) => api.thumbnailsTrimCopy.copyStatus('r/1'),
    request: { method: 'GET', path: '/videos-copy-status/r%2F1.json', endpoint: 'GET /videos-copy-status/<request_id>.<format>', auth: 'user' },
    reply: { body: { is_finished: true, video_id: 77, video_url: 'https://example.test/recorded/77' } },
    result: { is_finished: true, video_id: 77, video_url: 'https://example.test/recorded/77' },
    malformed: { body: { is_finished: 'no' } },
  },
];

const labels: EndpointCase[] = [
  {
    fn: 'labels.create',
    call: (api) => api.labels.create('Concerts'),
    request: { method: 'POST', path: '/users/self/labels.json', form: { label_name: 'Concerts' }, endpoint: 'POST /users/self/labels.<format>', auth: 'user' },
    reply: { body: { label: { 3: label } } },
    result: label,
    malformed: { body: { label: {} } },
  },
  {
    fn: 'labels.list',
    call: (api) => api.labels.list(),
    request: { method: 'GET', path: '/users/self/labels.json', endpoint: 'GET /users/self/labels.<format>', auth: 'user' },
    reply: { body: { labels: { 3: label, 4: otherLabel } } },
    result: [label, otherLabel],
    malformed: { body: { labels: { 3: { ...label, label_id: '3' } } } },
  },
  {
    fn: 'labels.list',
    variant: 'empty, as []',
    call: (api) => api.labels.list(),
    request: { method: 'GET', path: '/users/self/labels.json', endpoint: 'GET /users/self/labels.<format>', auth: 'user' },
    reply: { body: { labels: [] } },
    result: [],
    malformed: { body: { labels: [label] } },
  },
  {
    fn: 'labels.rename',
    call: (api) => api.labels.rename(3, 'Gigs'),
    request: { method: 'PUT', path: '/users/self/label/3.json', form: { label_name: 'Gigs' }, endpoint: 'PUT /users/self/label/<label_id>.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'labels.remove',
    call: (api) => api.labels.remove(3),
    request: { method: 'DELETE', path: '/users/self/label/3.json', endpoint: 'DELETE /users/self/label/<label_id>.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'labels.addToVideo',
    call: (api) => api.labels.addToVideo(VIDEO_ID, [3, 4]),
    request: { method: 'PUT', path: `/videos/${VIDEO}/labels.json`, form: { label_ids: [3, 4] }, endpoint: 'PUT /videos/<video_id>/labels.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'labels.removeFromVideo',
    call: (api) => api.labels.removeFromVideo(VIDEO_ID, [4]),
    request: { method: 'DELETE', path: `/videos/${VIDEO}/labels.json`, query: { label_ids: [4] }, endpoint: 'DELETE /videos/<video_id>/labels.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'labels.listForVideo',
    call: (api) => api.labels.listForVideo(VIDEO_ID),
    request: { method: 'GET', path: `/videos/${VIDEO}/labels.json`, endpoint: 'GET /videos/<video_id>/labels.<format>', auth: 'user' },
    reply: { body: { labels: { 3: label } } },
    result: [label],
    malformed: { body: { labels: { 3: { label_id: 3 } } } },
  },
];

const captions: EndpointCase[] = [
  {
    fn: 'captions.list',
    call: (api) => api.captions.list(VIDEO_ID, { anonymous: true }),
    request: { method: 'GET', path: `/videos/${VIDEO}/captions.json`, endpoint: 'GET /videos/<video_id>/captions.<format>', auth: 'none' },
    reply: { body: { captions: [caption] } },
    result: [caption],
    malformed: { body: { captions: [{ ...caption, status: 'done' }] } },
  },
  {
    fn: 'captions.get',
    call: (api) => api.captions.get(VIDEO_ID, 'en'),
    request: { method: 'GET', path: `/videos/${VIDEO}/captions/en.json`, endpoint: 'GET /videos/<video_id>/captions/<language>.<format>', auth: 'user' },
    reply: { body: { caption } },
    result: caption,
    malformed: { body: { caption: { ...caption, is_default: 1 } } },
  },
  {
    fn: 'captions.edit',
    call: (api) => api.captions.edit(VIDEO_ID, 'en', { isVisible: true, isDefault: false }),
    request: {
      method: 'PUT',
      path: `/videos/${VIDEO}/captions/en.json`,
      form: { is_visible: true, is_default: false },
      endpoint: 'PUT /videos/<video_id>/captions/<language>.<format>',
      auth: 'user',
    },
    reply: { body: { caption: { ...caption, is_default: false } } },
    result: { ...caption, is_default: false },
    malformed: { body: { captions: [caption] } },
  },
  {
    fn: 'captions.downloadVtt',
    call: (api) => api.captions.downloadVtt(VIDEO_ID, 'en', { anonymous: true }),
    request: { method: 'GET', path: `/videos/${VIDEO}/captions/en/vtt`, endpoint: 'GET /videos/<video_id>/captions/<language>/vtt', auth: 'none' },
    reply: { text: 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n' },
    result: 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n',
  },
  {
    fn: 'captions.uploadVtt',
    call: (api) => api.captions.uploadVtt(VIDEO_ID, 'en', 'WEBVTT\n'),
    request: {
      method: 'PUT',
      path: `/videos/${VIDEO}/captions/en/vtt`,
      body: { data: new TextEncoder().encode('WEBVTT\n'), contentType: 'text/vtt' },
      endpoint: 'PUT /videos/<video_id>/captions/<language>/vtt',
      auth: 'user',
    },
  },
  {
    fn: 'captions.languages',
    call: (api) => api.captions.languages(),
    request: { method: 'GET', path: '/caption-languages.json', endpoint: 'GET /caption-languages.<format>', auth: 'user' },
    reply: { body: { languages: [{ code: 'en', name: 'English' }] } },
    result: [{ code: 'en', name: 'English' }],
    malformed: { body: { languages: ['en'] } },
  },
];

const chapters: EndpointCase[] = [
  {
    fn: 'chapters.list',
    call: (api) => api.chapters.list(VIDEO_ID, { anonymous: true }),
    request: { method: 'GET', path: `/videos/${VIDEO}/chapters.json`, endpoint: 'GET /videos/<video_id>/chapters.<format>', auth: 'none' },
    reply: { body: { chapters: [chapter] } },
    result: [chapter],
    malformed: { body: { chapters: [{ ...chapter, position: '12.5' }] } },
  },
  {
    fn: 'chapters.create',
    call: (api) => api.chapters.create(VIDEO_ID, { title: 'Intro', position: 12 }),
    request: { method: 'POST', path: `/videos/${VIDEO}/chapters.json`, form: { title: 'Intro', position: 12 }, endpoint: 'POST /videos/<video_id>/chapters.<format>', auth: 'user' },
    reply: { status: 201 },
  },
  {
    fn: 'chapters.removeAll',
    call: (api) => api.chapters.removeAll(VIDEO_ID),
    request: { method: 'DELETE', path: `/videos/${VIDEO}/chapters.json`, endpoint: 'DELETE /videos/<video_id>/chapters.<format>', auth: 'user' },
  },
  {
    fn: 'chapters.get',
    call: (api) => api.chapters.get(VIDEO_ID, 'ch1'),
    request: { method: 'GET', path: `/videos/${VIDEO}/chapters/ch1.json`, endpoint: 'GET /videos/<video_id>/chapters/<chapter_id>.<format>', auth: 'user' },
    reply: { body: { chapter } },
    result: chapter,
    malformed: { body: { chapter: { id: 'ch1' } } },
  },
  {
    fn: 'chapters.edit',
    call: (api) => api.chapters.edit(VIDEO_ID, 'ch1', { title: 'Opening', position: 0 }),
    request: { method: 'PUT', path: `/videos/${VIDEO}/chapters/ch1.json`, form: { title: 'Opening', position: 0 }, endpoint: 'PUT /videos/<video_id>/chapters/<chapter_id>.<format>', auth: 'user' },
  },
  {
    fn: 'chapters.remove',
    call: (api) => api.chapters.remove(VIDEO_ID, 'ch1'),
    request: { method: 'DELETE', path: `/videos/${VIDEO}/chapters/ch1.json`, endpoint: 'DELETE /videos/<video_id>/chapters/<chapter_id>.<format>', auth: 'user' },
  },
];

const featuredVideos: EndpointCase[] = [
  {
    fn: 'featuredVideos.list',
    call: (api) => api.featuredVideos.list(CHANNEL_ID, { pageSize: 10, detailLevel: 'minimal', anonymous: true }),
    request: {
      method: 'GET',
      path: `/channels/${CHANNEL}/featured-videos.json`,
      query: { page: 1, pagesize: 10, detail_level: 'minimal' },
      endpoint: 'GET /channels/<channel_id>/featured-videos.<format>',
      auth: 'none',
    },
    reply: { body: { videos: [minimalVideo], paging: { previous: null, next: null, page_count: 1, item_count: 1 } } },
    result: [minimalVideo],
    malformed: { body: { videos: [minimalVideo], paging: { page_count: 'one' } } },
  },
  {
    fn: 'featuredVideos.set',
    call: (api) => api.featuredVideos.set(CHANNEL_ID, ['v1', 'v2']),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/featured-videos.json`, form: { video_ids: ['v1', 'v2'] }, endpoint: 'PUT /channels/<channel_id>/featured-videos.<format>', auth: 'user' },
    reply: { status: 204, headers: { 'X-Collection-Limit': '10', 'X-Collection-Remaining': '8' } },
    result: { limit: 10, remaining: 8 },
    malformed: { status: 204, headers: { 'X-Collection-Limit': 'ten', 'X-Collection-Remaining': '8' } },
  },
  {
    fn: 'featuredVideos.set',
    variant: 'no videos: one empty entry clears the list',
    call: (api) => api.featuredVideos.set(CHANNEL_ID, []),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/featured-videos.json`, form: { video_ids: [''] }, endpoint: 'PUT /channels/<channel_id>/featured-videos.<format>', auth: 'user' },
    reply: { headers: { 'X-Collection-Limit': '10', 'X-Collection-Remaining': '10' } },
    result: { limit: 10, remaining: 10 },
  },
  {
    fn: 'featuredVideos.capacity',
    call: (api) => api.featuredVideos.capacity(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/featured-videos.json`, query: { page: 1, pagesize: 1 }, endpoint: 'GET /channels/<channel_id>/featured-videos.<format>', auth: 'user' },
    reply: { headers: { 'X-Collection-Limit': '10', 'X-Collection-Remaining': '7' }, body: { videos: [minimalVideo], paging: { next: 'https://api.example.test/next' } } },
    result: { limit: 10, remaining: 7 },
    malformed: { headers: { 'X-Collection-Limit': '10', 'X-Collection-Remaining': 'some' }, body: { videos: [minimalVideo] } },
  },
  {
    fn: 'featuredVideos.set',
    variant: 'without the capacity headers',
    call: (api) => api.featuredVideos.set(CHANNEL_ID, ['v1']),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/featured-videos.json`, form: { video_ids: ['v1'] }, endpoint: 'PUT /channels/<channel_id>/featured-videos.<format>', auth: 'user' },
    result: { limit: null, remaining: null },
  },
];

const PLAYLIST = 'p%2F7';

const playlists: EndpointCase[] = [
  {
    fn: 'playlists.listForUser',
    call: (api) => api.playlists.listForUser({ includeEmpty: true }),
    request: { method: 'GET', path: '/playlists.json', query: { page: 1, 'filter[include_empty]': 1 }, endpoint: 'GET /playlists.<format>', auth: 'user' },
    reply: { body: { playlists: [{ ...playlist, channel_id: null }], paging: { next: null, page_count: 1, item_count: 1 } } },
    result: [{ ...playlist, channel_id: null }],
    malformed: { body: { playlists: [{ ...playlist, total_duration: 7200 }] } },
  },
  {
    fn: 'playlists.create',
    call: (api) => api.playlists.create('Best of'),
    request: { method: 'POST', path: '/playlists.json', form: { title: 'Best of' }, endpoint: 'POST /playlists.<format>', auth: 'user' },
    reply: { status: 201, headers: { Location: 'https://api.example.test/playlists/p%2F7.json' }, body: { playlist } },
    result: { playlist, location: 'https://api.example.test/playlists/p%2F7.json' },
    malformed: { status: 201, body: { playlist: { ...playlist, created_at: null } } },
  },
  {
    fn: 'playlists.get',
    call: (api) => api.playlists.get('p/7', { anonymous: true }),
    request: { method: 'GET', path: `/playlists/${PLAYLIST}.json`, endpoint: 'GET /playlists/<playlist_id>.<format>', auth: 'none' },
    reply: { body: { playlist } },
    result: playlist,
    malformed: { body: { playlist: { ...playlist, channel_id: 'c/1' } } },
  },
  {
    fn: 'playlists.capacity',
    call: (api) => api.playlists.capacity('p/7'),
    request: { method: 'GET', path: `/playlists/${PLAYLIST}.json`, endpoint: 'GET /playlists/<playlist_id>.<format>', auth: 'user' },
    reply: { headers: { 'X-Collection-Limit': '20', 'X-Collection-Remaining': '18' }, body: { playlist } },
    result: { limit: 20, remaining: 18 },
    malformed: { body: { playlist: { ...playlist, title: 7 } } },
  },
  {
    fn: 'playlists.capacity',
    variant: 'a platform that sends the headers only on changes',
    call: (api) => api.playlists.capacity('p/7', { anonymous: true }),
    request: { method: 'GET', path: `/playlists/${PLAYLIST}.json`, endpoint: 'GET /playlists/<playlist_id>.<format>', auth: 'none' },
    reply: { body: { playlist } },
    result: { limit: null, remaining: null },
    malformed: { headers: { 'X-Collection-Limit': '-1' }, body: { playlist } },
  },
  {
    fn: 'playlists.rename',
    call: (api) => api.playlists.rename('p/7', 'Greatest'),
    request: { method: 'PUT', path: `/playlists/${PLAYLIST}.json`, form: { title: 'Greatest' }, endpoint: 'PUT /playlists/<playlist_id>.<format>', auth: 'user' },
  },
  {
    fn: 'playlists.remove',
    call: (api) => api.playlists.remove('p/7'),
    request: { method: 'DELETE', path: `/playlists/${PLAYLIST}.json`, endpoint: 'DELETE /playlists/<playlist_id>.<format>', auth: 'user' },
  },
  {
    fn: 'playlists.listVideos',
    call: (api) => api.playlists.listVideos('p/7', { pageSize: 200, detailLevel: 'minimal' }),
    request: {
      method: 'GET',
      path: `/playlists/${PLAYLIST}/videos.json`,
      query: { page: 1, pagesize: 200, detail_level: 'minimal' },
      endpoint: 'GET /playlists/<playlist_id>/videos.<format>',
      auth: 'user',
    },
    reply: { body: { videos: [{ id: 'v 2' }], paging: { next: '' } } },
    result: [{ id: 'v 2' }],
    malformed: { body: { videos: [{ id: 2 }] } },
  },
  {
    fn: 'playlists.getVideo',
    call: (api) => api.playlists.getVideo('p/7', VIDEO_ID),
    request: { method: 'GET', path: `/playlists/${PLAYLIST}/videos/${VIDEO}.json`, endpoint: 'GET /playlists/<playlist_id>/videos/<video_id>.<format>', auth: 'user' },
    reply: { body: { video: playlistVideo } },
    result: playlistVideo,
    malformed: { body: { video: { ...playlistVideo, order: 'first' } } },
  },
  {
    fn: 'playlists.addVideo',
    call: (api) => api.playlists.addVideo('p/7', VIDEO_ID),
    request: { method: 'PUT', path: `/playlists/${PLAYLIST}/videos/${VIDEO}.json`, endpoint: 'PUT /playlists/<playlist_id>/videos/<video_id>.<format>', auth: 'user' },
    reply: { headers: { 'X-Collection-Limit': '100', 'X-Collection-Remaining': '99' } },
    result: { limit: 100, remaining: 99 },
    malformed: { headers: { 'X-Collection-Limit': '100', 'X-Collection-Remaining': '-1' } },
  },
  {
    fn: 'playlists.removeVideo',
    call: (api) => api.playlists.removeVideo('p/7', VIDEO_ID),
    request: { method: 'DELETE', path: `/playlists/${PLAYLIST}/videos/${VIDEO}.json`, endpoint: 'DELETE /playlists/<playlist_id>/videos/<video_id>.<format>', auth: 'user' },
    reply: { headers: { 'X-Collection-Limit': '100', 'X-Collection-Remaining': '100' } },
    result: { limit: 100, remaining: 100 },
    malformed: { headers: { 'X-Collection-Remaining': 'all' } },
  },
  {
    fn: 'playlists.setVideoPosition',
    call: (api) => api.playlists.setVideoPosition('p/7', VIDEO_ID, 2),
    request: {
      method: 'PUT',
      path: `/playlists/${PLAYLIST}/videos/${VIDEO}/position.json`,
      form: { position: 2 },
      endpoint: 'PUT /playlists/<playlist_id>/videos/<video_id>/position.<format>',
      auth: 'user',
    },
  },
  {
    fn: 'playlists.listForChannel',
    call: (api) => api.playlists.listForChannel(CHANNEL_ID, { pageSize: 50, includeEmpty: false, anonymous: true }),
    request: {
      method: 'GET',
      path: `/channels/${CHANNEL}/playlists.json`,
      query: { page: 1, pagesize: 50, 'filter[include_empty]': 0 },
      endpoint: 'GET /channels/<channel_id>/playlists.<format>',
      auth: 'none',
    },
    reply: { body: { playlists: [playlist], paging: { next: null } } },
    result: [playlist],
    malformed: { body: { playlists: [{ id: 'p/7' }] } },
  },
  {
    fn: 'playlists.createForChannel',
    call: (api) => api.playlists.createForChannel(CHANNEL_ID, 'Backstage', { enabled: false }),
    request: {
      method: 'POST',
      path: `/channels/${CHANNEL}/playlists.json`,
      form: { title: 'Backstage', is_enabled: 0 },
      endpoint: 'POST /channels/<channel_id>/playlists.<format>',
      auth: 'user',
    },
    reply: { status: 201, headers: { Location: 'https://api.example.test/playlists/p%2F8.json' } },
    result: { location: 'https://api.example.test/playlists/p%2F8.json', playlistId: 'p/8' },
    malformed: { status: 201 },
  },
  {
    fn: 'playlists.createForChannel',
    variant: 'a relative Location',
    call: (api) => api.playlists.createForChannel(CHANNEL_ID, 'Backstage'),
    request: { method: 'POST', path: `/channels/${CHANNEL}/playlists.json`, form: { title: 'Backstage' }, endpoint: 'POST /channels/<channel_id>/playlists.<format>', auth: 'user' },
    reply: { status: 201, headers: { Location: '/playlists/88' } },
    result: { location: '/playlists/88', playlistId: '88' },
    malformed: { status: 201, headers: { Location: 'https://api.example.test/channels/c1.json' } },
  },
];

const upcomingEvents: EndpointCase[] = [
  {
    fn: 'upcomingEvents.list',
    call: (api) => api.upcomingEvents.list(CHANNEL_ID, { pageSize: 5 }),
    request: { method: 'GET', path: `/channels/${CHANNEL}/upcoming-events.json`, query: { page: 1, pagesize: 5 }, endpoint: 'GET /channels/<channel_id>/upcoming-events.<format>', auth: 'user' },
    reply: { body: { events: [upcomingEvent], paging: { previous: null, next: null } } },
    result: [upcomingEvent],
    malformed: { body: { events: [{ ...upcomingEvent, duration: '90 min' }] } },
  },
];

const hooks: EndpointCase[] = [
  {
    fn: 'hooks.register',
    call: (api) => api.hooks.register(CHANNEL_ID, 'channel.status.live', 'https://hooks.example.test/live'),
    request: {
      method: 'PUT',
      path: `/channels/${CHANNEL}/hooks/channel.status.live.json`,
      form: { recipient: 'https://hooks.example.test/live' },
      endpoint: 'PUT /channels/<channel_id>/hooks/<event>.<format>',
      auth: 'client',
    },
    reply: { status: 204 },
  },
  {
    fn: 'hooks.get',
    call: (api) => api.hooks.get(CHANNEL_ID, 'video.create'),
    request: { method: 'GET', path: `/channels/${CHANNEL}/hooks/video.create.json`, endpoint: 'GET /channels/<channel_id>/hooks/<event>.<format>', auth: 'client' },
    reply: { body: { recipient: 'https://hooks.example.test/video', status: 'active' } },
    result: { recipient: 'https://hooks.example.test/video', status: 'active' },
    malformed: { body: { recipient: 'https://hooks.example.test/video', status: 'on' } },
  },
  {
    fn: 'hooks.remove',
    call: (api) => api.hooks.remove(CHANNEL_ID, 'video.deleted'),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/hooks/video.deleted.json`, endpoint: 'DELETE /channels/<channel_id>/hooks/<event>.<format>', auth: 'client' },
  },
];

const metadataFields: EndpointCase[] = [
  {
    fn: 'metadataFields.list',
    call: (api) => api.metadataFields.list('video'),
    request: { method: 'GET', path: '/custom-metadata-fields.json', query: { 'filter[type]': 'video' }, endpoint: 'GET /custom-metadata-fields.<format>', auth: 'user' },
    reply: { body: { fields: [metadataField] } },
    result: [metadataField],
    malformed: { body: { fields: [{ ...metadataField, content_type: 'playlist' }] } },
  },
  {
    fn: 'metadataFields.create',
    call: (api) =>
      api.metadataFields.create({ name: 'genre', displayName: 'Genre', contentType: 'video', type: 'enum', description: 'Musical genre', isRequired: false, enumItems: ['rock', 'jazz'] }),
    request: {
      method: 'POST',
      path: '/custom-metadata-fields.json',
      form: { name: 'genre', display_name: 'Genre', content_type: 'video', type: 'enum', description: 'Musical genre', is_required: false, enum_items: ['rock', 'jazz'] },
      endpoint: 'POST /custom-metadata-fields.<format>',
      auth: 'user',
    },
    reply: { body: { ...metadataField, id: 'f7' } },
    result: { ...metadataField, id: 'f7' },
    // The creation answer must name the new field.
    malformed: { body: metadataField },
  },
  {
    fn: 'metadataFields.create',
    variant: 'under a key',
    call: (api) => api.metadataFields.create({ name: 'mood', displayName: 'Mood', contentType: 'channel', type: 'string', isRequired: true }),
    request: {
      method: 'POST',
      path: '/custom-metadata-fields.json',
      form: { name: 'mood', display_name: 'Mood', content_type: 'channel', type: 'string', is_required: true },
      endpoint: 'POST /custom-metadata-fields.<format>',
      auth: 'user',
    },
    reply: { body: { field: { id: 'f8', name: 'mood', display_name: 'Mood', content_type: 'channel', type: 'string', is_required: true } } },
    result: { id: 'f8', name: 'mood', display_name: 'Mood', content_type: 'channel', type: 'string', is_required: true },
    malformed: { body: { field: { id: 'f8', name: 'mood' } } },
  },
  {
    fn: 'metadataFields.remove',
    call: (api) => api.metadataFields.remove('f7'),
    request: { method: 'DELETE', path: '/custom-metadata-fields/f7.json', endpoint: 'DELETE /custom-metadata-fields/<field_id>.<format>', auth: 'user' },
  },
];

const hashLockCases: EndpointCase[] = [
  {
    fn: 'hashLock.setAdvanced',
    call: (api) => api.hashLock.setAdvanced(CHANNEL_ID, { url: 'https://auth.example.test/start', secret: 'shared' }),
    request: {
      method: 'PUT',
      path: `/channels/${CHANNEL}/locks/hash/advanced.json`,
      form: { url: 'https://auth.example.test/start', secret: 'shared' },
      endpoint: 'PUT /channels/<channel_id>/locks/hash/advanced.<format>',
      auth: 'user',
    },
    reply: { status: 201 },
    result: { created: true },
  },
  {
    fn: 'hashLock.setBasic',
    call: (api) => api.hashLock.setBasic(CHANNEL_ID, { url: 'https://auth.example.test/start', secret: 'shared' }),
    request: {
      method: 'PUT',
      path: `/channels/${CHANNEL}/locks/hash/basic.json`,
      form: { url: 'https://auth.example.test/start', secret: 'shared' },
      endpoint: 'PUT /channels/<channel_id>/locks/hash/basic.<format>',
      auth: 'user',
    },
    reply: { status: 204 },
    result: { created: false },
  },
  {
    fn: 'hashLock.get',
    call: (api) => api.hashLock.get(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/locks/hash.json`, endpoint: 'GET /channels/<channel_id>/locks/hash.<format>', auth: 'user' },
    reply: { body: { hashlock: hashLock } },
    result: hashLock,
    malformed: { body: { hashlock: { type: 'advanced' } } },
  },
  {
    fn: 'hashLock.remove',
    call: (api) => api.hashLock.remove(CHANNEL_ID),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/locks/hash.json`, endpoint: 'DELETE /channels/<channel_id>/locks/hash.<format>', auth: 'user' },
  },
];

export const PART_B_CASES: readonly EndpointCase[] = [
  ...videos,
  ...downloads,
  ...uploads,
  ...expiration,
  ...videoMetadata,
  ...thumbnailsTrimCopy,
  ...labels,
  ...captions,
  ...chapters,
  ...featuredVideos,
  ...playlists,
  ...upcomingEvents,
  ...hooks,
  ...metadataFields,
  ...hashLockCases,
];
