// Part A, "Channel managers": list, invite by e-mail, get, alias and active flag (with "simultaneously
// active managers: 3 by default" and 403 limit_reached), delete, and channel access grant/revoke. Every
// row answers 402 invalid_request to an account without the subaccount benefit (the rival account).
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectRouteAnswers, expectStatus, expectSuccess, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, MISSING_ID, otherUsersEmails, useSandbox } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const LIST = 'GET /users/self/managers.<format>';
const CREATE = 'POST /users/self/managers.<format>';
const GET = 'GET /users/self/managers/<manager_id>.<format>';
const EDIT = 'PUT /users/self/managers/<manager_id>.<format>';
const DELETE = 'DELETE /users/self/managers/<manager_id>.<format>';
const GRANT = 'PUT /channels/<channel_id>/managers/<manager_id>.<format>';
const REVOKE = 'DELETE /channels/<channel_id>/managers/<manager_id>.<format>';

/** Limits: "simultaneously active managers: 3 by default". */
const ACTIVE_LIMIT = 3;

// Part A, "Channel manager": user_id, email, alias, active, channels (in get/list responses).
const managerShape = z.object({ user_id: z.string(), email: z.string(), alias: z.string().optional(), active: z.boolean(), channels: z.array(z.string()).optional() });
const listedManagerShape = managerShape.extend({ channels: z.array(z.string()) });
// "200, manager records": bare or under a key, the spec does not show which.
const listShape = z.union([z.object({ managers: z.array(listedManagerShape) }).transform((body) => body.managers), z.array(listedManagerShape)]);
const recordShape = z.union([z.object({ manager: listedManagerShape }).transform((body) => body.manager), listedManagerShape]);

describe('channel managers', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let rival: AccessToken;

  const managers = () => handle.api('/users/self/managers.json');
  const manager = (id: string) => handle.api(`/users/self/managers/${id}.json`);
  const channelManager = (channel: string, id: string) => handle.api(`/channels/${channel}/managers/${id}.json`);

  async function list(): Promise<z.infer<typeof listedManagerShape>[]> {
    const result = await request('GET', managers(), { token: demo });
    expectStatus(result, 200);
    return bodyOf(result, listShape);
  }

  /** A manager of demo's, invited now from a registered user who is not one yet. */
  async function invite(alias?: string): Promise<z.infer<typeof managerShape>> {
    const known = new Set((await list()).map((entry) => entry.email));
    const email = otherUsersEmails(handle.sandbox, handle.sandbox.demo.username).find((address) => !known.has(address));
    if (!email) throw new Error('No registered user left to invite.');
    const result = await request('POST', managers(), { token: demo, form: alias === undefined ? { email } : { email, alias } });
    expectStatus(result, 201);
    return bodyOf(result, managerShape);
  }

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  describe(LIST, () => {
    it('200 with the manager records, each with its channels', async () => {
      covers(LIST, 'success');
      for (const entry of await list()) expect(Array.isArray(entry.channels)).toBe(true);
    });
    it('402 invalid_request without the subaccount benefit', async () => {
      covers(LIST, '402 invalid_request');
      expectError(await request('GET', managers(), { token: rival }), 402, 'invalid_request');
    });
  });

  describe(CREATE, () => {
    it('201 with {user_id, email, alias, active}, active false; then listed', async () => {
      covers(CREATE, 'success');
      const created = await invite('Night shift');
      expect(created.active).toBe(false);
      expect(created.alias).toBe('Night shift');
      expect((await list()).some((entry) => entry.user_id === created.user_id && entry.email === created.email)).toBe(true);
    });
    it('400 bad_request: e-mail missing, not a registered user, or already a manager', async () => {
      covers(CREATE, '400 bad_request');
      expectError(await request('POST', managers(), { token: demo, form: { alias: 'nobody' } }), 400, 'bad_request');
      expectError(await request('POST', managers(), { token: demo, form: { email: 'nobody-registered@example.invalid' } }), 400, 'bad_request');
      const existing = (await list())[0];
      if (!existing) throw new Error('demo has no manager');
      expectError(await request('POST', managers(), { token: demo, form: { email: existing.email } }), 400, 'bad_request');
    });
    it('402 invalid_request without the subaccount benefit', async () => {
      covers(CREATE, '402 invalid_request');
      const email = otherUsersEmails(handle.sandbox, handle.sandbox.rival.username)[0]!;
      expectError(await request('POST', managers(), { token: rival, form: { email } }), 402, 'invalid_request');
    });
  });

  describe(GET, () => {
    it('200 with the manager record', async () => {
      covers(GET, 'success');
      const first = (await list())[0]!;
      const result = await request('GET', manager(first.user_id), { token: demo });
      expectStatus(result, 200);
      expect(bodyOf(result, recordShape)).toMatchObject({ user_id: first.user_id, email: first.email, active: first.active });
    });
    it('402 invalid_request without the subaccount benefit', async () => {
      covers(GET, '402 invalid_request');
      const first = (await list())[0]!;
      expectError(await request('GET', manager(first.user_id), { token: rival }), 402, 'invalid_request');
    });
  });

  describe(EDIT, () => {
    it('200: alias and active change', async () => {
      covers(EDIT, 'success');
      const created = await invite();
      expectStatus(await request('PUT', manager(created.user_id), { token: demo, form: { alias: 'Renamed', active: false } }), 200);
      const result = await request('GET', manager(created.user_id), { token: demo });
      expect(bodyOf(result, recordShape)).toMatchObject({ alias: 'Renamed', active: false });
    });
    it(`403 limit_reached when ${ACTIVE_LIMIT} managers are active; the flag stays unchanged`, async () => {
      covers(EDIT, '403 limit_reached');
      for (const entry of await list()) {
        if (entry.active) expectStatus(await request('PUT', manager(entry.user_id), { token: demo, form: { active: false } }), 200);
      }
      while ((await list()).length < ACTIVE_LIMIT + 1) await invite();
      const all = await list();
      for (const entry of all.slice(0, ACTIVE_LIMIT)) expectStatus(await request('PUT', manager(entry.user_id), { token: demo, form: { active: true } }), 200);
      const extra = all[ACTIVE_LIMIT]!;
      expectError(await request('PUT', manager(extra.user_id), { token: demo, form: { active: true } }), 403, 'limit_reached');
      const after = await request('GET', manager(extra.user_id), { token: demo });
      expect(bodyOf(after, recordShape).active).toBe(false);
      // Below the maximum again, the same change goes through.
      expectStatus(await request('PUT', manager(all[0]!.user_id), { token: demo, form: { active: false } }), 200);
      expectStatus(await request('PUT', manager(extra.user_id), { token: demo, form: { active: true } }), 200);
    });
    it('400 bad_request without the required active', async () => {
      covers(EDIT, '400 bad_request');
      const first = (await list())[0]!;
      expectError(await request('PUT', manager(first.user_id), { token: demo, form: { alias: 'no flag' } }), 400, 'bad_request');
    });
    it('404 not_found for a manager that does not exist', async () => {
      covers(EDIT, '404 not_found');
      const first = (await list())[0]!;
      expectRouteAnswers(await request('PUT', manager(first.user_id), { token: demo, form: { active: first.active } }));
      expectError(await request('PUT', manager(MISSING_ID), { token: demo, form: { active: false } }), 404, 'not_found');
    });
    it('402 invalid_request without the subaccount benefit', async () => {
      covers(EDIT, '402 invalid_request');
      expectError(await request('PUT', manager(MISSING_ID), { token: rival, form: { active: false } }), 402, 'invalid_request');
    });
  });

  describe(DELETE, () => {
    it('200, and the manager is gone', async () => {
      covers(DELETE, 'success');
      const created = await invite();
      expectStatus(await request('DELETE', manager(created.user_id), { token: demo }), 200);
      expect((await list()).some((entry) => entry.user_id === created.user_id)).toBe(false);
      expectError(await request('GET', manager(created.user_id), { token: demo }), 404, 'not_found');
    });
    it('404 not_found for a manager that does not exist', async () => {
      covers(DELETE, '404 not_found');
      expectError(await request('DELETE', manager(MISSING_ID), { token: demo }), 404, 'not_found');
    });
    it('402 invalid_request without the subaccount benefit', async () => {
      covers(DELETE, '402 invalid_request');
      expectError(await request('DELETE', manager(MISSING_ID), { token: rival }), 402, 'invalid_request');
    });
  });

  describe('channel access', () => {
    it('PUT grants access to the channel, DELETE revokes it (both 200), seen in the channels list', async () => {
      covers(GRANT, 'success');
      covers(REVOKE, 'success');
      const live = channelId(handle.sandbox, 'Demo Live');
      const first = (await list())[0]!;
      const grant = await request('PUT', channelManager(live, first.user_id), { token: demo });
      expectSuccess(grant);
      expectStatus(grant, 200);
      expect((await list()).find((entry) => entry.user_id === first.user_id)?.channels).toContain(live);
      expectStatus(await request('DELETE', channelManager(live, first.user_id), { token: demo }), 200);
      expect((await list()).find((entry) => entry.user_id === first.user_id)?.channels).not.toContain(live);
    });
    it('403 lack_of_ownership for a channel that is not the master\'s', async () => {
      covers(GRANT, '403 lack_of_ownership');
      covers(REVOKE, '403');
      const first = (await list())[0]!;
      const rivals = channelId(handle.sandbox, 'Rival Channel');
      expectError(await request('PUT', channelManager(rivals, first.user_id), { token: demo }), 403, 'lack_of_ownership');
      expectError(await request('DELETE', channelManager(rivals, first.user_id), { token: demo }), 403);
    });
    it('404 not_found for a manager that does not exist', async () => {
      covers(GRANT, '404 not_found');
      covers(REVOKE, '404');
      const live = channelId(handle.sandbox, 'Demo Live');
      expectError(await request('PUT', channelManager(live, MISSING_ID), { token: demo }), 404, 'not_found');
      expectError(await request('DELETE', channelManager(live, MISSING_ID), { token: demo }), 404);
    });
    it('402 invalid_request without the subaccount benefit', async () => {
      covers(GRANT, '402 invalid_request');
      covers(REVOKE, '402');
      const rivals = channelId(handle.sandbox, 'Rival Channel');
      expectError(await request('PUT', channelManager(rivals, MISSING_ID), { token: rival }), 402, 'invalid_request');
      expectError(await request('DELETE', channelManager(rivals, MISSING_ID), { token: rival }), 402);
    });
  });
});
