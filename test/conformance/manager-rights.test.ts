// Part A rule 6: "operations on a channel, video, or manager require that the authenticated user owns or
// manages it; otherwise lack_of_ownership (403)", and "Channel managers": "Active managers get the benefits
// of the managed channels regardless of their own plans". Each channel operation is tried by four users:
// the master (demo), an active manager granted the channel (alex), an inactive manager granted it (lee),
// and an active manager granted another channel only (kim). The team accounts have no benefits of their
// own, so a manager's success on a benefit-gated row shows the master's plan at work.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeResult, expectError, expectStatus, request, type AccessToken, type HttpResult } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, unique, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const TEAM_PASSWORD = 'broadcast';
type Actor = 'master' | 'active manager' | 'inactive manager' | 'manager of another channel';
const ACTORS: readonly Actor[] = ['master', 'active manager', 'inactive manager', 'manager of another channel'];
const MAY_MANAGE: ReadonlySet<Actor> = new Set(['master', 'active manager']);

const listShape = z.object({ channels: z.array(z.object({ id: z.string(), default: z.boolean().optional() })) });
const managerShape = z.object({ manager: z.object({ user_id: z.string(), active: z.boolean(), channels: z.array(z.string()) }) });

describe('manager rights (part A rule 6)', () => {
  const handle = useSandbox();
  const tokens = new Map<Actor, AccessToken>();
  const ids = { alex: '', kim: '', lee: '' };
  let target = '';
  let other = '';
  let privateVideo = '';

  const api = (path: string) => handle.api(path);
  const token = (actor: Actor) => tokens.get(actor)!;
  const accountId = (username: string) => handle.sandbox.admin.store.data.accounts.find((account) => account.username === username)!.id;
  const asMaster = (method: string, path: string, form?: Record<string, string>) => request(method, api(path), { token: token('master'), form });

  beforeAll(async () => {
    target = channelId(handle.sandbox, 'Demo Live');
    other = channelId(handle.sandbox, 'Backstage');
    privateVideo = videoId(handle.sandbox, 'Rehearsal (unlisted)');
    ids.alex = accountId('alex');
    ids.kim = accountId('kim');
    ids.lee = accountId('lee');
    tokens.set('master', await bearerToken(handle.sandbox));
    // The seed's managers, set up through the API so the test says what it relies on.
    expectStatus(await asMaster('PUT', `/channels/${target}/managers/${ids.alex}.json`), 200);
    expectStatus(await asMaster('PUT', `/channels/${target}/managers/${ids.lee}.json`), 200);
    expectStatus(await asMaster('PUT', `/channels/${other}/managers/${ids.kim}.json`), 200);
    expectStatus(await asMaster('DELETE', `/channels/${target}/managers/${ids.kim}.json`), 200);
    for (const [id, active] of [[ids.lee, 'false'], [ids.alex, 'true'], [ids.kim, 'true']] as const) {
      const edited = await asMaster('PUT', `/users/self/managers/${id}.json`, { active });
      if (edited.status !== 200) expect.fail(`Setting up the managers: ${describeResult(edited)}`);
    }
    tokens.set('active manager', await bearerToken(handle.sandbox, { username: 'alex', password: TEAM_PASSWORD }));
    tokens.set('inactive manager', await bearerToken(handle.sandbox, { username: 'lee', password: TEAM_PASSWORD }));
    tokens.set('manager of another channel', await bearerToken(handle.sandbox, { username: 'kim', password: TEAM_PASSWORD }));
  });

  /** A channel or video operation: what it sends, and the status that means it was done. */
  interface Operation {
    readonly name: string;
    readonly run: (as: AccessToken) => Promise<HttpResult>;
    readonly success: number;
    /** How the refusal reads: 403 lack_of_ownership by rule 6, unless the row states another. */
    readonly refused?: { readonly status: number; readonly error: string };
  }
  const on = (method: string, path: () => string, options: { form?: Record<string, string>; query?: Record<string, string> } = {}) => (as: AccessToken) =>
    request(method, api(path()), { token: as, form: options.form, query: options.query });

  const operations: readonly Operation[] = [
    { name: 'GET channel with detail_level=owner', run: on('GET', () => `/channels/${target}.json`, { query: { detail_level: 'owner' } }), success: 200, refused: { status: 401, error: 'unauthorized' } },
    { name: 'PUT channel (edit)', run: on('PUT', () => `/channels/${target}.json`, { form: { title: 'Demo Live' } }), success: 204 },
    { name: 'GET locks/password', run: on('GET', () => `/channels/${target}/locks/password.json`), success: 200 },
    { name: 'PUT locks/embed (the master\'s embed_restriction benefit)', run: on('PUT', () => `/channels/${target}/locks/embed.json`, { form: { locked: 'FALSE' } }), success: 204 },
    { name: 'PUT settings/hide-viewers', run: on('PUT', () => `/channels/${target}/settings/hide-viewers.json`, { form: { value: 'false' } }), success: 200 },
    { name: 'PUT branding type full (the master\'s branding_full benefit)', run: on('PUT', () => `/channels/${target}/branding.json`, { form: { type: 'full' } }), success: 200 },
    { name: 'PUT design/background', run: on('PUT', () => `/channels/${target}/design/background.json`, { form: { color: '#112233' } }), success: 200 },
    { name: 'GET limits/recording', run: on('GET', () => `/channels/${target}/limits/recording.json`), success: 200 },
    { name: 'PUT settings/autorecord (the master\'s autorecord benefit)', run: on('PUT', () => `/channels/${target}/settings/autorecord.json`, { form: { value: 'disabled' } }), success: 200 },
    { name: 'POST recorder stop', run: on('POST', () => `/channels/${target}/recorder.json`, { form: { command: 'stop' } }), success: 202 },
    { name: 'GET ingest.json', run: on('GET', () => `/channels/${target}/ingest.json`), success: 200 },
    { name: 'GET authorizations/broadcasting.json', run: on('GET', () => `/channels/${target}/authorizations/broadcasting.json`), success: 200 },
    { name: 'POST uploads (initialise an upload)', run: on('POST', () => `/channels/${target}/uploads.json`, { query: { type: 'videoupload-ftp' }, form: { title: 'From a manager' } }), success: 201, refused: { status: 403, error: 'lack_of_ownership' } },
    { name: 'POST /v2 uploads (create an upload in parts, today\'s platform)', run: on('POST', () => `/v2/channels/${target}/uploads.json`, { form: { title: 'From a manager' } }), success: 201, refused: { status: 403, error: 'lack_of_ownership' } },
    { name: 'PUT video (edit a video of the channel)', run: on('PUT', () => `/videos/${privateVideo}.json`, { form: { title: 'Rehearsal (unlisted)' } }), success: 200 },
    { name: 'GET a private video of the channel', run: on('GET', () => `/videos/${privateVideo}.json`), success: 200, refused: { status: 401, error: 'invalid_token' } },
  ];

  for (const operation of operations) {
    describe(operation.name, () => {
      for (const actor of ACTORS) {
        const allowed = MAY_MANAGE.has(actor);
        it(`${actor}: ${allowed ? 'done' : 'refused'}`, async () => {
          const result = await operation.run(token(actor));
          if (allowed) return expectStatus(result, operation.success);
          const refused = operation.refused ?? { status: 403, error: 'lack_of_ownership' };
          expectError(result, refused.status, refused.error);
        });
      }
    });
  }

  it('the channel list holds the channels a user manages after their own, never as their default', async () => {
    const listed = async (actor: Actor) => {
      const result = await request('GET', api('/users/self/channels.json'), { token: token(actor) });
      expectStatus(result, 200);
      return bodyOf(result, listShape).channels;
    };
    const alex = await listed('active manager');
    expect(alex.map((channel) => channel.id)).toEqual([target]);
    expect(alex[0]?.default ?? false).toBe(false);
    expect((await listed('manager of another channel')).map((channel) => channel.id)).toEqual([other]);
    expect(await listed('inactive manager')).toEqual([]);
    const master = await listed('master');
    expect(master.map((channel) => channel.id)).toEqual(expect.arrayContaining([target, other]));
    // A user who owns channels has one default among them: how a client tells its own channels from managed ones.
    expect(master.filter((channel) => channel.default === true)).toHaveLength(1);
    const rival = await request('GET', api('/users/self/channels.json'), { token: await bearerToken(handle.sandbox, handle.sandbox.rival) });
    expect(bodyOf(rival, listShape).channels.map((channel) => channel.default)).toEqual([true]);
  });

  it('a private video of the managed channel is in its list for the manager, not for others', async () => {
    const privateIds = async (actor: Actor) => {
      const result = await request('GET', api(`/channels/${target}/videos.json`), { token: token(actor), query: { 'filter[protect]': 'private' } });
      expectStatus(result, 200);
      return bodyOf(result, z.object({ videos: z.array(z.object({ id: z.string() })) })).videos.map((video) => video.id);
    };
    expect(await privateIds('active manager')).toContain(privateVideo);
    expect(await privateIds('inactive manager')).not.toContain(privateVideo);
  });

  describe('what only the master may do', () => {
    it('delete the channel: 403 lack_of_ownership for its manager, 200 for the master', async () => {
      const created = await asMaster('POST', '/users/self/channels.json', { title: unique('Managed then deleted') });
      expectStatus(created, 201);
      const id = bodyOf(created, z.object({ channel: z.object({ id: z.string() }) })).channel.id;
      expectStatus(await asMaster('PUT', `/channels/${id}/managers/${ids.alex}.json`), 200);
      const byManager = await request('DELETE', api(`/channels/${id}.json`), { token: token('active manager') });
      expectError(byManager, 403, 'lack_of_ownership');
      expect(byManager.text).toMatch(/only the owner/i);
      expectStatus(await asMaster('DELETE', `/channels/${id}.json`), 200);
      const record = await asMaster('GET', `/users/self/managers/${ids.alex}.json`);
      expect(bodyOf(record, managerShape).manager.channels).not.toContain(id);
    });

    it('give managers access to the channel: refused to its manager (402 first, as the manager has no subaccount benefit)', async () => {
      const result = await request('PUT', api(`/channels/${target}/managers/${ids.kim}.json`), { token: token('active manager') });
      expect(result.status, describeResult(result)).not.toBe(200);
      expectError(result, 402, 'invalid_request');
    });
  });

  describe('rights end at once', () => {
    const ingest = (actor: Actor) => request('GET', api(`/channels/${target}/ingest.json`), { token: token(actor) });

    it('deactivating the manager refuses their next call; activating them again gives the rights back', async () => {
      expectStatus(await ingest('active manager'), 200);
      expectStatus(await asMaster('PUT', `/users/self/managers/${ids.alex}.json`, { active: 'false' }), 200);
      expectError(await ingest('active manager'), 403, 'lack_of_ownership');
      expectStatus(await asMaster('PUT', `/users/self/managers/${ids.alex}.json`, { active: 'true' }), 200);
      expectStatus(await ingest('active manager'), 200);
    });

    it('revoking the channel, or deleting the manager, refuses their next call', async () => {
      expectStatus(await asMaster('DELETE', `/channels/${target}/managers/${ids.alex}.json`), 200);
      expectError(await ingest('active manager'), 403, 'lack_of_ownership');
      expectStatus(await asMaster('PUT', `/channels/${target}/managers/${ids.alex}.json`), 200);
      expectStatus(await ingest('active manager'), 200);
      expectStatus(await asMaster('DELETE', `/users/self/managers/${ids.alex}.json`), 200);
      expectError(await ingest('active manager'), 403, 'lack_of_ownership');
    });
  });
});
