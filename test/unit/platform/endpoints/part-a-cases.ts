// The cases of Part A's endpoints (docs/platform-api/part-a.md): channels, channel metadata, device
// passwords, security settings, branding, design, managers, recording and ingest.
import type { EndpointCase } from './endpoint-cases.js';
import {
  CHANNEL,
  CHANNEL_ID,
  channel,
  channelListItem,
  devicePassword,
  image,
  currentIngestSettings,
  ingestSettings,
  manager,
  minimalChannel,
  recorderVideo,
} from './fixtures.js';

const channels: EndpointCase[] = [
  {
    fn: 'channels.get',
    call: (api) => api.channels.get(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}.json`, endpoint: 'GET /channels/<channel_id>.<format>', auth: 'user' },
    reply: { body: { channel } },
    result: channel,
    malformed: { body: { channel: { ...channel, status: 'broadcasting' } } },
  },
  {
    fn: 'channels.get',
    variant: 'minimal, without a token',
    call: (api) => api.channels.get(CHANNEL_ID, { detailLevel: 'minimal', anonymous: true }),
    request: { method: 'GET', path: `/channels/${CHANNEL}.json`, query: { detail_level: 'minimal' }, endpoint: 'GET /channels/<channel_id>.<format>', auth: 'none' },
    reply: { body: { channel: minimalChannel } },
    result: minimalChannel,
    malformed: { body: { channel: { id: 'c/1', title: 'Demo Live' } } },
  },
  {
    fn: 'channels.create',
    call: (api) => api.channels.create({ title: 'New show', description: 'Weekly', tags: ['music', 'live'] }),
    request: {
      method: 'POST',
      path: '/users/self/channels.json',
      form: { title: 'New show', description: 'Weekly', tags: 'music,live' },
      endpoint: 'POST /users/self/channels.json',
      auth: 'user',
    },
    reply: { status: 201, body: { channel: { id: 'c2', title: 'New show', url: 'new-show', tiny_url: 'https://example.test/t/2' } } },
    result: { id: 'c2', title: 'New show', url: 'new-show', tiny_url: 'https://example.test/t/2' },
    malformed: { status: 201, body: { channel: { id: 'c2', title: 'New show' } } },
  },
  {
    fn: 'channels.edit',
    call: (api) => api.channels.edit(CHANNEL_ID, { title: 'Renamed', tags: ['one'] }),
    request: { method: 'PUT', path: `/channels/${CHANNEL}.json`, form: { title: 'Renamed', tags: 'one' }, endpoint: 'PUT /channels/<channel_id>.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'channels.remove',
    call: (api) => api.channels.remove(CHANNEL_ID),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}.json`, endpoint: 'DELETE /channels/<channel_id>.<format>', auth: 'user' },
  },
  {
    fn: 'channels.list',
    call: (api) => api.channels.list({ q: 'demo', pageSize: 10, detailLevel: 'broadcaster' }),
    request: {
      method: 'GET',
      path: '/users/self/channels.json',
      query: { q: 'demo', p: 1, pagesize: 10, detail_level: 'broadcaster' },
      endpoint: 'GET /users/self/channels.<format>',
      auth: 'user',
    },
    reply: { body: { channels: [channelListItem], paging: { actual: { href: 'https://api.example.test/users/self/channels.json?p=1&pagesize=10' } } } },
    result: [channelListItem],
    malformed: { body: { channels: [{ ...channelListItem, status: 'live' }] } },
  },
];

const channelMetadata: EndpointCase[] = [
  {
    fn: 'channelMetadata.list',
    call: (api) => api.channelMetadata.list(CHANNEL_ID, { anonymous: true }),
    request: { method: 'GET', path: `/channels/${CHANNEL}/custom-metadata.json`, endpoint: 'GET /channels/<channel_id>/custom-metadata.<format>', auth: 'none' },
    reply: { body: { metadata: [{ field_id: 'f1', value: 'rock' }] } },
    result: [{ field_id: 'f1', value: 'rock' }],
    malformed: { body: { metadata: [{ field_id: 'f1' }] } },
  },
  {
    fn: 'channelMetadata.set',
    call: (api) => api.channelMetadata.set(CHANNEL_ID, 'f/1', 42),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/custom-metadata/f%2F1.json`, form: { value: 42 }, endpoint: 'PUT /channels/<channel_id>/custom-metadata/<field_id>.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'channelMetadata.remove',
    call: (api) => api.channelMetadata.remove(CHANNEL_ID, 'f1'),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/custom-metadata/f1.json`, endpoint: 'DELETE /channels/<channel_id>/custom-metadata/<field_id>.<format>', auth: 'user' },
  },
  {
    fn: 'channelMetadata.listDisplays',
    call: (api) => api.channelMetadata.listDisplays(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/custom-metadata-display.json`, endpoint: 'GET /channels/<channel_id>/custom-metadata-display.<format>', auth: 'user' },
    reply: { body: { metadata_displays: [{ channel_id: 'c/1', field_id: 'f1', is_link: true }] } },
    result: [{ channel_id: 'c/1', field_id: 'f1', is_link: true }],
    malformed: { body: { metadata_displays: [{ channel_id: 'c/1', field_id: 'f1', is_link: 'yes' }] } },
  },
  {
    fn: 'channelMetadata.setDisplay',
    call: (api) => api.channelMetadata.setDisplay(CHANNEL_ID, 'f1', true),
    request: {
      method: 'PUT',
      path: `/channels/${CHANNEL}/custom-metadata-display/f1.json`,
      form: { is_link: true },
      endpoint: 'PUT /channels/<channel_id>/custom-metadata-display/<field_id>.<format>',
      auth: 'user',
    },
    reply: { status: 204 },
  },
  {
    fn: 'channelMetadata.removeDisplay',
    call: (api) => api.channelMetadata.removeDisplay(CHANNEL_ID, 'f1'),
    request: {
      method: 'DELETE',
      path: `/channels/${CHANNEL}/custom-metadata-display/f1.json`,
      endpoint: 'DELETE /channels/<channel_id>/custom-metadata-display/<field_id>.<format>',
      auth: 'user',
    },
  },
];

const devicePasswords: EndpointCase[] = [
  {
    fn: 'devicePasswords.list',
    call: (api) => api.devicePasswords.list({ pageSize: 20 }),
    request: { method: 'GET', path: '/users/self/device-passwords.json', query: { page: 1, pagesize: 20 }, endpoint: 'GET /users/self/device-passwords.<format>', auth: 'user' },
    reply: { body: { device_passwords: [devicePassword], paging: { previous: null, next: null } } },
    result: [devicePassword],
    malformed: { body: { device_passwords: [{ ...devicePassword, valid_from: '2024-01-01' }] } },
  },
  {
    fn: 'devicePasswords.page',
    call: (api) => api.devicePasswords.page(2, 1),
    request: { method: 'GET', path: '/users/self/device-passwords.json', query: { page: 2, pagesize: 1 }, endpoint: 'GET /users/self/device-passwords.<format>', auth: 'user' },
    reply: { body: { device_passwords: [devicePassword], paging: { previous: 'https://api.example.test/users/self/device-passwords.json?page=1&pagesize=1', next: null } } },
    result: { items: [devicePassword], hasPrevious: true, hasNext: false },
    malformed: { body: { device_passwords: [{ ...devicePassword, valid_until: 'never' }] } },
  },
  {
    fn: 'devicePasswords.create',
    call: (api) => api.devicePasswords.create({ deviceName: 'Studio PC', validFrom: 1_700_000_000, validUntil: 1_800_000_000 }),
    request: {
      method: 'POST',
      path: '/users/self/device-passwords.json',
      form: { device_name: 'Studio PC', valid_from: 1_700_000_000, valid_until: 1_800_000_000 },
      endpoint: 'POST /users/self/device-passwords.<format>',
      auth: 'user',
    },
    reply: { body: { device_name: 'Studio PC', user_name: 'dev-1', password: 'generated', valid_from: 1_700_000_000, valid_until: 1_800_000_000 } },
    result: { device_name: 'Studio PC', user_name: 'dev-1', password: 'generated', valid_from: 1_700_000_000, valid_until: 1_800_000_000 },
    // The creation answer is the one place the password is given: without it the call failed.
    malformed: { body: { device_name: 'Studio PC', user_name: 'dev-1', valid_from: 1_700_000_000, valid_until: null } },
  },
  {
    fn: 'devicePasswords.remove',
    call: (api) => api.devicePasswords.remove('dev 1'),
    request: { method: 'DELETE', path: '/users/self/device-passwords/dev%201.json', endpoint: 'DELETE /users/self/device-passwords/<user_name>.<format>', auth: 'user' },
  },
];

const channelSecurity: EndpointCase[] = [
  {
    fn: 'channelSecurity.getPasswordLock',
    call: (api) => api.channelSecurity.getPasswordLock(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/locks/password.json`, endpoint: 'GET /channels/<channel_id>/locks/password.<format>', auth: 'user' },
    reply: { body: { enabled: true } },
    result: true,
    malformed: { body: { enabled: 'TRUE' } },
  },
  {
    fn: 'channelSecurity.setPassword',
    call: (api) => api.channelSecurity.setPassword(CHANNEL_ID, 's3cret'),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/locks/password.json`, form: { password: 's3cret' }, endpoint: 'PUT /channels/<channel_id>/locks/password.<format>', auth: 'user' },
  },
  {
    fn: 'channelSecurity.removePassword',
    call: (api) => api.channelSecurity.removePassword(CHANNEL_ID),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/locks/password.json`, endpoint: 'DELETE /channels/<channel_id>/locks/password.<format>', auth: 'user' },
  },
  {
    fn: 'channelSecurity.getEmbedLock',
    call: (api) => api.channelSecurity.getEmbedLock(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/locks/embed.json`, endpoint: 'GET /channels/<channel_id>/locks/embed.<format>', auth: 'user' },
    reply: { body: { locked: 'TRUE' } },
    result: true,
    malformed: { body: { locked: true } },
  },
  {
    fn: 'channelSecurity.setEmbedLock',
    call: (api) => api.channelSecurity.setEmbedLock(CHANNEL_ID, false),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/locks/embed.json`, form: { locked: 'FALSE' }, endpoint: 'PUT /channels/<channel_id>/locks/embed.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'channelSecurity.listEmbedAllowedUrls',
    call: (api) => api.channelSecurity.listEmbedAllowedUrls(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/locks/embed/allowed-urls.json`, endpoint: 'GET /channels/<channel_id>/locks/embed/allowed-urls.<format>', auth: 'user' },
    reply: { body: { allowed_urls: ['https://fans.example.test'] } },
    result: ['https://fans.example.test'],
    malformed: { body: { allowed_urls: 'https://fans.example.test' } },
  },
  {
    fn: 'channelSecurity.addEmbedAllowedUrl',
    call: (api) => api.channelSecurity.addEmbedAllowedUrl(CHANNEL_ID, 'https://fans.example.test'),
    request: {
      method: 'POST',
      path: `/channels/${CHANNEL}/locks/embed/allowed-urls.json`,
      form: { url: 'https://fans.example.test' },
      endpoint: 'POST /channels/<channel_id>/locks/embed/allowed-urls.<format>',
      auth: 'user',
    },
    reply: { status: 201 },
  },
  {
    fn: 'channelSecurity.clearEmbedAllowedUrls',
    call: (api) => api.channelSecurity.clearEmbedAllowedUrls(CHANNEL_ID),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/locks/embed/allowed-urls.json`, endpoint: 'DELETE /channels/<channel_id>/locks/embed/allowed-urls.<format>', auth: 'user' },
  },
  {
    fn: 'channelSecurity.getPageLock',
    call: (api) => api.channelSecurity.getPageLock(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/locks/page.json`, endpoint: 'GET /channels/<channel_id>/locks/page.<format>', auth: 'user' },
    reply: { body: { locked: 'FALSE' } },
    result: false,
    malformed: { body: { locked: 'no' } },
  },
  {
    fn: 'channelSecurity.setPageLock',
    call: (api) => api.channelSecurity.setPageLock(CHANNEL_ID, true),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/locks/page.json`, form: { locked: 'TRUE' }, endpoint: 'PUT /channels/<channel_id>/locks/page.<format>', auth: 'user' },
    reply: { status: 204 },
  },
  {
    fn: 'channelSecurity.setSharing',
    call: (api) => api.channelSecurity.setSharing(CHANNEL_ID, false),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/settings/viewer.json`, form: { sharing: false }, endpoint: 'PUT /channels/<channel_id>/settings/viewer.<format>', auth: 'user' },
  },
  {
    fn: 'channelSecurity.setHideViewers',
    call: (api) => api.channelSecurity.setHideViewers(CHANNEL_ID, true),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/settings/hide-viewers.json`, form: { value: true }, endpoint: 'PUT /channels/<channel_id>/settings/hide-viewers.<format>', auth: 'user' },
  },
  {
    fn: 'channelSecurity.setMultiQuality',
    call: (api) => api.channelSecurity.setMultiQuality(CHANNEL_ID, true),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/settings/multi-quality.json`, form: { value: true }, endpoint: 'PUT /channels/<channel_id>/settings/multi-quality.<format>', auth: 'user' },
  },
];

const branding: EndpointCase[] = [
  {
    fn: 'branding.setType',
    call: (api) => api.branding.setType(CHANNEL_ID, 'co'),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/branding.json`, form: { type: 'co' }, endpoint: 'PUT /channels/<channel_id>/branding.<format>', auth: 'user' },
  },
  {
    fn: 'branding.remove',
    call: (api) => api.branding.remove(CHANNEL_ID),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/branding.json`, endpoint: 'DELETE /channels/<channel_id>/branding.<format>', auth: 'user' },
  },
  {
    fn: 'branding.setLogoSettings',
    call: (api) => api.branding.setLogoSettings(CHANNEL_ID, { position: 'bottom-right', margin: 8, link: '' }),
    request: {
      method: 'PUT',
      path: `/channels/${CHANNEL}/branding/logo/0/settings.json`,
      form: { position: 'bottom-right', margin: 8, link: '' },
      endpoint: 'PUT /channels/<channel_id>/branding/logo/<logo_id>/settings.<format>',
      auth: 'user',
    },
  },
  {
    fn: 'branding.uploadLogo',
    call: (api) => api.branding.uploadLogo(CHANNEL_ID, image),
    request: {
      method: 'PUT',
      path: `/channels/${CHANNEL}/branding/logo/0.json`,
      body: { data: image.data, contentType: 'image/png' },
      endpoint: 'PUT /channels/<channel_id>/branding/logo/<logo_id>.<format>',
      auth: 'user',
      // A PUT is retried anyway; said outright, as for the other images.
      idempotent: true,
    },
  },
];

const channelDesign: EndpointCase[] = [
  {
    fn: 'channelDesign.getBackground',
    call: (api) => api.channelDesign.getBackground(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/design/background.json`, endpoint: 'GET /channels/<channel_id>/design/background.<format>', auth: 'user' },
    reply: { body: { background: { color: '1a2b3c' } } },
    result: { color: '1a2b3c' },
    malformed: { body: { background: { color: 0x1a2b3c } } },
  },
  {
    fn: 'channelDesign.setBackground',
    call: (api) => api.channelDesign.setBackground(CHANNEL_ID, '1a2b3c'),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/design/background.json`, form: { color: '1a2b3c' }, endpoint: 'PUT /channels/<channel_id>/design/background.<format>', auth: 'user' },
  },
  {
    fn: 'channelDesign.removeBackground',
    call: (api) => api.channelDesign.removeBackground(CHANNEL_ID),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/design/background.json`, endpoint: 'DELETE /channels/<channel_id>/design/background.<format>', auth: 'user' },
  },
  {
    fn: 'channelDesign.uploadPicture',
    call: (api) => api.channelDesign.uploadPicture(CHANNEL_ID, image),
    request: {
      method: 'POST',
      path: `/channels/${CHANNEL}/design/picture.json`,
      body: { data: image.data, contentType: 'image/png' },
      endpoint: 'POST /channels/<channel_id>/design/picture.<format>',
      auth: 'user',
      idempotent: true,
    },
    reply: { status: 204 },
  },
  {
    fn: 'channelDesign.removePicture',
    call: (api) => api.channelDesign.removePicture(CHANNEL_ID),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/design/picture.json`, endpoint: 'DELETE /channels/<channel_id>/design/picture.<format>', auth: 'user' },
  },
];

const managers: EndpointCase[] = [
  {
    fn: 'managers.list',
    call: (api) => api.managers.list(),
    request: { method: 'GET', path: '/users/self/managers.json', endpoint: 'GET /users/self/managers.<format>', auth: 'user' },
    reply: { body: [manager] },
    result: [manager],
    malformed: { body: [{ ...manager, active: 'yes' }] },
  },
  {
    fn: 'managers.list',
    variant: 'under a key',
    call: (api) => api.managers.list(),
    request: { method: 'GET', path: '/users/self/managers.json', endpoint: 'GET /users/self/managers.<format>', auth: 'user' },
    reply: { body: { managers: [manager] } },
    result: [manager],
    malformed: { body: { managers: manager } },
  },
  {
    fn: 'managers.create',
    call: (api) => api.managers.create('helper@example.test', { alias: 'Helper' }),
    request: { method: 'POST', path: '/users/self/managers.json', form: { email: 'helper@example.test', alias: 'Helper' }, endpoint: 'POST /users/self/managers.<format>', auth: 'user' },
    reply: { status: 201, body: { user_id: 'u9', email: 'helper@example.test', alias: 'Helper', active: false } },
    result: { user_id: 'u9', email: 'helper@example.test', alias: 'Helper', active: false },
    malformed: { status: 201, body: { email: 'helper@example.test', active: false } },
  },
  {
    fn: 'managers.get',
    call: (api) => api.managers.get('u/9'),
    request: { method: 'GET', path: '/users/self/managers/u%2F9.json', endpoint: 'GET /users/self/managers/<manager_id>.<format>', auth: 'user' },
    reply: { body: manager },
    result: manager,
    malformed: { body: { ...manager, channels: 'c/1' } },
  },
  {
    fn: 'managers.get',
    variant: 'under a key',
    call: (api) => api.managers.get('u9'),
    request: { method: 'GET', path: '/users/self/managers/u9.json', endpoint: 'GET /users/self/managers/<manager_id>.<format>', auth: 'user' },
    reply: { body: { manager } },
    result: manager,
    malformed: { body: { manager: { ...manager, user_id: 9 } } },
  },
  {
    fn: 'managers.edit',
    call: (api) => api.managers.edit('u9', { active: true, alias: 'Lead' }),
    request: { method: 'PUT', path: '/users/self/managers/u9.json', form: { alias: 'Lead', active: true }, endpoint: 'PUT /users/self/managers/<manager_id>.<format>', auth: 'user' },
  },
  {
    fn: 'managers.remove',
    call: (api) => api.managers.remove('u9'),
    request: { method: 'DELETE', path: '/users/self/managers/u9.json', endpoint: 'DELETE /users/self/managers/<manager_id>.<format>', auth: 'user' },
  },
  {
    fn: 'managers.grantChannel',
    call: (api) => api.managers.grantChannel(CHANNEL_ID, 'u9'),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/managers/u9.json`, endpoint: 'PUT /channels/<channel_id>/managers/<manager_id>.<format>', auth: 'user' },
  },
  {
    fn: 'managers.revokeChannel',
    call: (api) => api.managers.revokeChannel(CHANNEL_ID, 'u9'),
    request: { method: 'DELETE', path: `/channels/${CHANNEL}/managers/u9.json`, endpoint: 'DELETE /channels/<channel_id>/managers/<manager_id>.<format>', auth: 'user' },
  },
];

const recording: EndpointCase[] = [
  {
    fn: 'recording.start',
    call: (api) => api.recording.start(CHANNEL_ID),
    request: { method: 'POST', path: `/channels/${CHANNEL}/recorder.json`, form: { command: 'start' }, endpoint: 'POST /channels/<channel_id>/recorder.<format>', auth: 'user' },
    reply: { status: 202 },
  },
  {
    fn: 'recording.stop',
    call: (api) => api.recording.stop(CHANNEL_ID),
    request: { method: 'POST', path: `/channels/${CHANNEL}/recorder.json`, form: { command: 'stop' }, endpoint: 'POST /channels/<channel_id>/recorder.<format>', auth: 'user' },
    reply: { status: 202, body: { video: recorderVideo } },
    result: recorderVideo,
    malformed: { status: 202, body: { video: { id: 'v9' } } },
  },
  {
    fn: 'recording.stop',
    variant: 'nothing recorded',
    call: (api) => api.recording.stop(CHANNEL_ID),
    request: { method: 'POST', path: `/channels/${CHANNEL}/recorder.json`, form: { command: 'stop' }, endpoint: 'POST /channels/<channel_id>/recorder.<format>', auth: 'user' },
    reply: { status: 202, body: { video: null } },
    result: null,
    malformed: { status: 202, body: {} },
  },
  {
    fn: 'recording.get',
    call: (api) => api.recording.get(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/recorder.json`, endpoint: 'GET /channels/<channel_id>/recorder.<format>', auth: 'user' },
    reply: { body: { video: recorderVideo } },
    result: recorderVideo,
    malformed: { body: { video: { id: 9, url: 'x' } } },
  },
  {
    fn: 'recording.setAutorecord',
    call: (api) => api.recording.setAutorecord(CHANNEL_ID, 'private'),
    request: { method: 'PUT', path: `/channels/${CHANNEL}/settings/autorecord.json`, form: { value: 'private' }, endpoint: 'PUT /channels/<channel_id>/settings/autorecord.<format>', auth: 'user' },
  },
  {
    fn: 'recording.getLimit',
    call: (api) => api.recording.getLimit(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/limits/recording.json`, endpoint: 'GET /channels/<channel_id>/limits/recording.<format>', auth: 'user' },
    reply: { body: { time: 28_800 } },
    result: 28_800,
    malformed: { body: { time: '28800' } },
  },
];

const ingest: EndpointCase[] = [
  {
    fn: 'ingest.get',
    call: (api) => api.ingest.get(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/ingest.json`, endpoint: 'GET /channels/<channel_id>/ingest.json', auth: 'user' },
    reply: { body: ingestSettings },
    result: { ...ingestSettings, rtmps_url: null },
    malformed: { body: { ...ingestSettings, rtmp_urls: 'rtmp://a.example.test/live' } },
  },
  {
    // Today's platform: one RTMP URL and the TLS ingest, under `ingest`.
    fn: 'ingest.get',
    call: (api) => api.ingest.get(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/ingest.json`, endpoint: 'GET /channels/<channel_id>/ingest.json', auth: 'user' },
    reply: { body: { ingest: currentIngestSettings } },
    result: { rtmp_urls: [currentIngestSettings.rtmp_url], rtmps_url: currentIngestSettings.rtmps_url, channel_key: 'channel-key', streaming_key: 'streaming-key' },
    malformed: { body: { ingest: { ...currentIngestSettings, rtmp_url: ['rtmp://a.example.test/live'] } } },
  },
  {
    fn: 'ingest.streamingKey',
    call: (api) => api.ingest.streamingKey(CHANNEL_ID),
    request: { method: 'GET', path: `/channels/${CHANNEL}/authorizations/broadcasting.json`, endpoint: 'GET /channels/<channel_id>/authorizations/broadcasting.json', auth: 'user' },
    reply: { body: { streaming_key: 'streaming-key' } },
    result: 'streaming-key',
    malformed: { body: { key: 'streaming-key' } },
  },
  {
    fn: 'ingest.channelKey',
    call: (api) => api.ingest.channelKey(CHANNEL_ID),
    request: {
      method: 'GET',
      path: `/channels/${CHANNEL}/authorizations/broadcasting/channel_key.json`,
      endpoint: 'GET /channels/<channel_id>/authorizations/broadcasting/channel_key.json',
      auth: 'user',
    },
    reply: { body: { channel_key: 'channel-key' } },
    result: 'channel-key',
    malformed: { body: { channel_key: null } },
  },
];

export const PART_A_CASES: readonly EndpointCase[] = [
  ...channels,
  ...channelMetadata,
  ...devicePasswords,
  ...channelSecurity,
  ...branding,
  ...channelDesign,
  ...managers,
  ...recording,
  ...ingest,
];
