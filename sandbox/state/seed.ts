// The demo world a fresh sandbox starts with: a streamer with several channels and videos, a second user
// (for ownership errors), and the app's client registration.
import { hashPassword } from './passwords.js';
import { newChannel, urlNameFor } from './new-channel.js';
import { hex40, nowSeconds } from './random.js';
import { BENEFITS, type Channel, type SandboxData, type Video } from './model.js';

/** Published sandbox credentials: the login page and `companion sandbox` show them. Not secrets. */
export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'broadcast';
export const RIVAL_USERNAME = 'rival';
export const RIVAL_PASSWORD = 'broadcast';

export function seedData(): SandboxData {
  const now = nowSeconds();
  const data: SandboxData = {
    masterKey: hex40(),
    accounts: [
      { id: '1001', username: DEMO_USERNAME, passwordHash: hashPassword(DEMO_PASSWORD), email: 'demo@sandbox.invalid', picture: 'https://sandbox.invalid/pictures/demo.png', benefits: [...BENEFITS] },
      { id: '1002', username: RIVAL_USERNAME, passwordHash: hashPassword(RIVAL_PASSWORD), email: 'rival@sandbox.invalid', picture: 'https://sandbox.invalid/pictures/rival.png', benefits: [] },
    ],
    clients: [
      {
        id: hex40(),
        secret: hex40(),
        name: 'Broadcaster Companion',
        ownerId: '1001',
        redirectUriPrefixes: ['http://127.0.0.1', 'http://localhost', 'app://companion/'],
      },
    ],
    tokens: [],
    codes: [],
    channels: [],
    videos: [],
    uploads: [],
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
  channel('1001', 'Locked Room', { password: 'letmein' });
  channel('1002', 'Rival Channel');

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
  video(main.id, 'Launch stream', 'public', 20);
  video(main.id, 'Q&A night', 'public', 10);
  video(main.id, 'Rehearsal (unlisted)', 'private', 5);
  video(backstage.id, 'Behind the scenes', 'public', 3);
  return data;
}
