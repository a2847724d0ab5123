// Channel managers (spec part A, "Channel managers"): sub-accounts of the signed-in user (the master)
// and their access to the master's channels. Every call needs the account's subaccount benefit (402).
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { managerBody, managerListBody, managerSchema, type Manager } from './schemas.js';

export interface ManagerEdit {
  /** At most 3 managers are active at once by default; beyond that, 403 `limit_reached`. */
  readonly active: boolean;
  readonly alias?: string;
}

export function managersApi(caller: PlatformCaller) {
  const managerPath = (managerId: string) => `/users/self/managers/${segment(managerId)}.json`;
  const channelPath = (channelId: string, managerId: string) => `/channels/${segment(channelId)}/managers/${segment(managerId)}.json`;
  return {
    async list(): Promise<Manager[]> {
      const { body } = await caller.call({ method: 'GET', path: '/users/self/managers.json', endpoint: 'GET /users/self/managers.<format>' }, managerListBody);
      return body;
    },

    /** `email` of a registered user; the new manager starts inactive. */
    async create(email: string, options: { readonly alias?: string } = {}): Promise<Manager> {
      const { body } = await caller.call(
        { method: 'POST', path: '/users/self/managers.json', form: { email, alias: options.alias }, endpoint: 'POST /users/self/managers.<format>' },
        managerSchema,
      );
      return body;
    },

    async get(managerId: string): Promise<Manager> {
      const { body } = await caller.call({ method: 'GET', path: managerPath(managerId), endpoint: 'GET /users/self/managers/<manager_id>.<format>' }, managerBody);
      return body;
    },

    async edit(managerId: string, edit: ManagerEdit): Promise<void> {
      await send(caller, { method: 'PUT', path: managerPath(managerId), form: { alias: edit.alias, active: edit.active }, endpoint: 'PUT /users/self/managers/<manager_id>.<format>' });
    },

    async remove(managerId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: managerPath(managerId), endpoint: 'DELETE /users/self/managers/<manager_id>.<format>' });
    },

    /** Lets the manager manage one of the master's channels. */
    async grantChannel(channelId: string, managerId: string): Promise<void> {
      await send(caller, { method: 'PUT', path: channelPath(channelId, managerId), endpoint: 'PUT /channels/<channel_id>/managers/<manager_id>.<format>' });
    },

    async revokeChannel(channelId: string, managerId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: channelPath(channelId, managerId), endpoint: 'DELETE /channels/<channel_id>/managers/<manager_id>.<format>' });
    },
  };
}
