// Part A, "Device passwords": list with page/pagesize (default 50) and `paging` previous/next URL strings,
// create (the generated password only in that answer), delete; 400 input_validation_error and 401.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { nowSeconds, unique, useSandbox } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const LIST = 'GET /users/self/device-passwords.<format>';
const CREATE = 'POST /users/self/device-passwords.<format>';
const DELETE = 'DELETE /users/self/device-passwords/<user_name>.<format>';

// Part A, "Device password": timestamps as the rest of the part (Unix seconds).
const timestamp = z.number().int();
const listedShape = z.object({ device_name: z.string(), user_name: z.string(), created_at: timestamp, valid_from: timestamp, valid_until: timestamp.nullable() });
const createdShape = z.object({ device_name: z.string(), user_name: z.string(), password: z.string().min(1), valid_from: timestamp, valid_until: timestamp.nullable() });
const listShape = z.object({
  device_passwords: z.array(listedShape),
  paging: z.object({ previous: z.string().nullish(), next: z.string().nullish() }),
});

describe('device passwords', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  const collection = () => handle.api('/users/self/device-passwords.json');
  const one = (userName: string) => handle.api(`/users/self/device-passwords/${encodeURIComponent(userName)}.json`);

  async function create(name = unique('device')): Promise<z.infer<typeof createdShape>> {
    const result = await request('POST', collection(), { token: demo, form: { device_name: name, valid_from: nowSeconds() } });
    expectStatus(result, 200);
    return bodyOf(result, createdShape);
  }

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
  });

  describe(LIST, () => {
    it('200 with device_passwords (no password) and paging; page and pagesize walk the list', async () => {
      covers(LIST, 'success');
      await create();
      await create();
      const all = await request('GET', collection(), { token: demo });
      expectStatus(all, 200);
      const whole = bodyOf(all, listShape).device_passwords;
      expect(whole.length).toBeGreaterThanOrEqual(2);
      for (const entry of whole) expect(entry).not.toHaveProperty('password');
      const first = bodyOf(await request('GET', collection(), { token: demo, query: { page: 1, pagesize: 1 } }), listShape);
      expect(first.device_passwords).toHaveLength(1);
      expect(first.paging.next, 'paging.next is a URL string').toMatch(/^https?:\/\//);
      const second = bodyOf(await request('GET', collection(), { token: demo, query: { page: 2, pagesize: 1 } }), listShape);
      expect(second.device_passwords[0]?.user_name).toBe(whole[1]?.user_name);
      expect(second.paging.previous, 'paging.previous is a URL string').toMatch(/^https?:\/\//);
    });
    it('401 unauthorized without a token', async () => {
      covers(LIST, '401 unauthorized');
      expectError(await request('GET', collection()), 401, 'unauthorized');
    });
  });

  describe(CREATE, () => {
    it('200 with {device_name, user_name, password, valid_from, valid_until}; the password is not listed', async () => {
      covers(CREATE, 'success');
      const from = nowSeconds();
      const result = await request('POST', collection(), { token: demo, form: { device_name: 'Field camera', valid_from: from, valid_until: from + 3600 } });
      expectStatus(result, 200);
      const created = bodyOf(result, createdShape);
      expect(created).toMatchObject({ device_name: 'Field camera', valid_from: from, valid_until: from + 3600 });
      const open = await create();
      expect(open.valid_until).toBeNull();
      const listed = bodyOf(await request('GET', collection(), { token: demo }), listShape).device_passwords.find((entry) => entry.user_name === created.user_name);
      expect(listed).toMatchObject({ device_name: 'Field camera' });
    });
    it('400 input_validation_error when a required parameter is missing', async () => {
      covers(CREATE, '400 input_validation_error');
      expectError(await request('POST', collection(), { token: demo, form: { valid_from: nowSeconds() } }), 400, 'input_validation_error');
      expectError(await request('POST', collection(), { token: demo, form: { device_name: 'no start' } }), 400, 'input_validation_error');
    });
    it('401 unauthorized without a token', async () => {
      covers(CREATE, '401 unauthorized');
      expectError(await request('POST', collection(), { form: { device_name: 'x', valid_from: nowSeconds() } }), 401, 'unauthorized');
    });
  });

  describe(DELETE, () => {
    it('200, and it is no longer listed', async () => {
      covers(DELETE, 'success');
      const created = await create();
      expectStatus(await request('DELETE', one(created.user_name), { token: demo }), 200);
      const names = bodyOf(await request('GET', collection(), { token: demo }), listShape).device_passwords.map((entry) => entry.user_name);
      expect(names).not.toContain(created.user_name);
    });
    it('401 unauthorized without a token', async () => {
      covers(DELETE, '401 unauthorized');
      const created = await create();
      expectError(await request('DELETE', one(created.user_name)), 401, 'unauthorized');
    });
  });
});
