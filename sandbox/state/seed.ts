// The demo world a fresh sandbox starts with: a streamer with several channels and videos, a second user
// (for ownership errors), and the app's client registration.
import { hashPassword } from './passwords.js';
import { newChannel, urlNameFor } from './new-channel.js';
import { hex40, nowSeconds } from './random.js';
import { BENEFITS, type Channel, type Client, type SandboxData, type Video } from './model.js';
import { videoExtraOf } from './video-extras.js';
import { setFeatured } from './featured-videos.js';
import { addToPlaylist, createPlaylist } from './playlists.js';
import { scheduleEvent } from './upcoming-events.js';
import { seedVideoAnnotations } from './seed-annotations.js';

/** Published sandbox credentials: the login page and `companion sandbox` show them. Not secrets. */
export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'broadcast';
export const RIVAL_USERNAME = 'rival';
export const RIVAL_PASSWORD = 'broadcast';
/**
 * Registered users the demo streamer can invite as channel managers (e-mail `<name>@sandbox.invalid`).
 * The first four are the demo's managers from the start; three of them active, the default maximum.
 */
export const TEAM = ['alex', 'sam', 'kim', 'lee', 'rio', 'noa'] as const;
export const TEAM_PASSWORD = 'broadcast';

/** Where the app's login windows and loopback listeners are sent back to. */
const APP_REDIRECTS = ['http://127.0.0.1', 'http://localhost', 'app://companion/'];

/** The app as a native application of today's platform: code + PKCE, no secret shipped (it has one, unused). */
export function nativeClient(): Client {
  return { id: hex40(), secret: hex40(), name: 'Broadcaster Companion (native)', ownerId: '1001', redirectUriPrefixes: APP_REDIRECTS, dialect: 'current', native: true };
}

export function seedData(): SandboxData {
  const now = nowSeconds();
  // One hash for all team accounts: a fresh scrypt per account would slow every sandbox start.
  const teamHash = hashPassword(TEAM_PASSWORD);
  const data: SandboxData = {
    masterKey: hex40(),
    accounts: [
      { id: '1001', username: DEMO_USERNAME, passwordHash: hashPassword(DEMO_PASSWORD), email: 'demo@sandbox.invalid', picture: 'https://sandbox.invalid/pictures/demo.png', benefits: [...BENEFITS] },
      { id: '1002', username: RIVAL_USERNAME, passwordHash: hashPassword(RIVAL_PASSWORD), email: 'rival@sandbox.invalid', picture: 'https://sandbox.invalid/pictures/rival.png', benefits: [] },
      ...TEAM.map((name, index) => ({ id: String(1010 + index), username: name, passwordHash: teamHash, email: `${name}@sandbox.invalid`, picture: `https://sandbox.invalid/pictures/${name}.png`, benefits: [] })),
    ],
    clients: [
      { id: hex40(), secret: hex40(), name: 'Broadcaster Companion', ownerId: '1001', redirectUriPrefixes: APP_REDIRECTS, dialect: 'spec', native: false },
      nativeClient(),
    ],
    tokens: [],
    codes: [],
    channels: [],
    videos: [],
    uploads: [],
    managers: [],
    devicePasswords: [],
    counters: { channel: 5000, video: 900000, account: 1003 },
  };

  const channel = (ownerId: string, title: string, extra: Partial<Channel> = {}): Channel => {
    const created = newChannel(
      { id: String(++data.counters.channel), ownerId, title, urlName: urlNameFor(title) },
      { description: `${title} on the sandbox platform.`, tags: ['sandbox'], createdAt: now - 86_400 * 30, ...extra },
    );
    data.channels.push(created);
    return created;
  };

  const main = channel('1001', 'Demo Live', { isDefault: true, viewerTotal: 1234, lastBroadcastAt: now - 86_400 });
  const backstage = channel('1001', 'Backstage');
  const locked = channel('1001', 'Locked Room', { password: 'letmein' });
  channel('1002', 'Rival Channel', { isDefault: true });

  const video = (channelId: string, title: string, protect: Video['protect'], ageDays: number): void => {
    const created = now - 86_400 * ageDays;
    data.videos.push({
      id: String(++data.counters.video),
      channelId,
      ownerId: data.channels.find((c) => c.id === channelId)!.ownerId,
      title,
      description: `${title} (seeded sandbox video).`,
      protect,
      createdAt: created,
      addedAt: created,
      length: '3600.000',
      fileSize: 734_003_200,
      views: Math.round(1000 / ageDays),
      source: 'seed',
      filePath: null,
    });
  };
  data.managers.push(
    { masterId: '1001', userId: '1010', alias: 'Alex (moderator)', active: true, channels: [main.id] },
    { masterId: '1001', userId: '1011', alias: 'Sam', active: true, channels: [main.id, backstage.id] },
    { masterId: '1001', userId: '1012', alias: '', active: true, channels: [] },
    { masterId: '1001', userId: '1013', alias: 'Lee (guest editor)', active: false, channels: [] },
  );
  const devicePassword = (deviceName: string, userName: string, ageDays: number, validDays: number | null): void => {
    const created = now - 86_400 * ageDays;
    data.devicePasswords.push({ ownerId: '1001', deviceName, userName, passwordHash: teamHash, createdAt: created, validFrom: created, validUntil: validDays === null ? null : created + 86_400 * validDays });
  };
  devicePassword('Studio encoder', 'dp-studio-encoder', 40, null);
  devicePassword('Backpack camera', 'dp-backpack-camera', 12, 365);
  video(main.id, 'Launch stream', 'public', 20);
  video(main.id, 'Q&A night', 'public', 10);
  video(main.id, 'Rehearsal (unlisted)', 'private', 5);
  video(backstage.id, 'Behind the scenes', 'public', 3);
  // One video that expires, so the expiration rows have both rules to show.
  videoExtraOf(data, data.videos.find((candidate) => candidate.title === 'Rehearsal (unlisted)')!.id).expiration = { rule: 'at_given_time', expiresAt: now + 86_400 * 30 };
  // Part B collections: featured videos, a channel playlist, a user playlist, upcoming events (one protected).
  const seeded = (title: string) => data.videos.find((candidate) => candidate.title === title)!.id;
  setFeatured(data, main.id, [seeded('Launch stream'), seeded('Q&A night')]);
  const highlights = createPlaylist(data, { ownerId: '1001', channelId: main.id, title: 'Highlights', enabled: true, now: now - 86_400 * 2 });
  for (const title of ['Q&A night', 'Launch stream']) addToPlaylist(highlights, seeded(title), now - 86_400 * 2);
  addToPlaylist(createPlaylist(data, { ownerId: '1001', channelId: null, title: 'Watch later', enabled: true, now: now - 86_400 }), seeded('Behind the scenes'), now - 86_400);
  const events: [Channel, string, number][] = [[main, 'Weekly Q&A', 1], [main, 'Launch rehearsal', 3], [main, 'Community night', 7], [locked, 'Private screening', 2]];
  for (const [on, title, inDays] of events) {
    scheduleEvent(data, { channelId: on.id, title, description: `${title} (seeded sandbox event).`, start: now + 86_400 * inDays, duration: 5400 });
  }
  seedVideoAnnotations(data);
  return data;
}
