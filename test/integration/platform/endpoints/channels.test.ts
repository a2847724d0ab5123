// Channel operations through the typed client against the sandbox over real HTTP: create, read at each
// detail level, edit, list (search, paging, broadcast URLs) and delete, and the errors the spec names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInNeededError } from '../../../../main/platform/platform-error.js';
import { collect, platformError, startSandboxApis, type SandboxApis } from './sandbox-api.js';

let apis: SandboxApis;

beforeAll(async () => {
  apis = await startSandboxApis();
});

afterAll(async () => {
  await apis?.sandbox.close();
});

describe('channels over HTTP', () => {
  it('creates, reads, edits, finds and deletes a channel', async () => {
    const { api } = apis;
    const created = await api.channels.create({ title: 'Typed Client Show', description: 'Made by the endpoint tests', tags: ['tests', 'client'] });
    expect(created).toMatchObject({ title: 'Typed Client Show' });

    const channel = await api.channels.get(created.id);
    expect(channel).toMatchObject({ id: created.id, title: 'Typed Client Show', description: 'Made by the endpoint tests', tags: ['tests', 'client'], status: 'offair', locks: [] });
    expect(channel.owner.username).toBe(apis.sandbox.demo.username);

    await api.channels.edit(created.id, { title: 'Typed Client Show, renamed', description: 'Edited', tags: ['edited'] });
    expect(await api.channels.get(created.id)).toMatchObject({ title: 'Typed Client Show, renamed', description: 'Edited', tags: ['edited'] });

    const found = await collect(api.channels.list({ q: 'renamed' }));
    expect(found.map((item) => item.id)).toEqual([created.id]);

    await api.channels.remove(created.id);
    expect(await platformError(api.channels.get(created.id))).toMatchObject({ status: 404, error: 'not_found', endpoint: 'GET /channels/<channel_id>.<format>' });
  });

  it('reads a public channel without a token, at the minimal level when asked', async () => {
    const minimal = await apis.api.channels.get(apis.demoChannelId, { detailLevel: 'minimal', anonymous: true });
    expect(Object.keys(minimal).sort()).toEqual(['id', 'locks', 'owner', 'picture', 'title']);
    const full = await apis.api.channels.get(apis.demoChannelId, { anonymous: true });
    expect(full.status).toMatch(/^(live|offair)$/);
  });

  it('turns the owner detail level without a token into a sign-in prompt', async () => {
    const error = await platformError(apis.api.channels.get(apis.demoChannelId, { detailLevel: 'owner', anonymous: true }));
    expect(error).toBeInstanceOf(SignInNeededError);
  });

  it('pages through the channel list and gives broadcast URLs to a broadcaster', async () => {
    const { api } = apis;
    for (const title of ['Paging One', 'Paging Two', 'Paging Three']) await api.channels.create({ title });
    const all = await collect(api.channels.list({ detailLevel: 'broadcaster' }));
    const paged = await collect(api.channels.list({ pageSize: 1, detailLevel: 'broadcaster' }));
    expect(paged.map((channel) => channel.id)).toEqual(all.map((channel) => channel.id));
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const channel of all) expect(channel.broadcast_urls?.length).toBeGreaterThan(0);
    expect((await collect(api.channels.list())).every((channel) => channel.broadcast_urls === undefined)).toBe(true);
  });

  it("refuses to edit another user's channel and a title already in use", async () => {
    const edit = await platformError(apis.rival.channels.edit(apis.demoChannelId, { title: 'Taken over' }));
    expect(edit).toMatchObject({ status: 403, error: 'lack_of_ownership', endpoint: 'PUT /channels/<channel_id>.<format>' });
    const duplicate = await platformError(apis.api.channels.create({ title: 'Demo Live' }));
    expect(duplicate).toMatchObject({ status: 409, endpoint: 'POST /users/self/channels.json' });
  });
});
