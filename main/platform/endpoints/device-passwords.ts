// Device passwords (spec part A, "Device passwords"): generated logins for devices, listed, created
// and deleted by the signed-in user.
import type { PlatformCaller } from '../platform-request.js';
import { numberedList, type ListPage } from '../paging.js';
import { segment, send } from './request-parts.js';
import { createdDevicePasswordSchema, devicePasswordListBody, type CreatedDevicePassword, type DevicePassword } from './schemas.js';

export interface DevicePasswordListOptions {
  /** Device passwords per request (default 50); the iterator asks for every page. */
  readonly pageSize?: number;
}

export interface DevicePasswordRequest {
  readonly deviceName: string;
  /** Unix seconds from which it can be used to log in. */
  readonly validFrom: number;
  /** Unix seconds; open-ended when absent. */
  readonly validUntil?: number;
}

const LIST_ENDPOINT = 'GET /users/self/device-passwords.<format>';

export function devicePasswordsApi(caller: PlatformCaller) {
  const passwordList = (pageSize: number | undefined) =>
    numberedList(LIST_ENDPOINT, async (page) => {
      const { body } = await caller.call(
        { method: 'GET', path: '/users/self/device-passwords.json', query: { page, pagesize: pageSize }, endpoint: LIST_ENDPOINT },
        devicePasswordListBody,
      );
      return { items: body.device_passwords, paging: body.paging };
    });
  return {
    list(options: DevicePasswordListOptions = {}): AsyncIterable<DevicePassword> {
      return passwordList(options.pageSize).all();
    },

    /** One page (1-based), for a view that pages instead of reading everything. */
    page(page: number, pageSize?: number): Promise<ListPage<DevicePassword>> {
      return passwordList(pageSize).page(page);
    },

    /** The generated `password` is in this answer only. */
    async create(request: DevicePasswordRequest): Promise<CreatedDevicePassword> {
      const { body } = await caller.call(
        {
          method: 'POST',
          path: '/users/self/device-passwords.json',
          form: { device_name: request.deviceName, valid_from: request.validFrom, valid_until: request.validUntil },
          endpoint: 'POST /users/self/device-passwords.<format>',
        },
        createdDevicePasswordSchema,
      );
      return body;
    },

    /** `userName` is the generated user name that identifies the device password. */
    async remove(userName: string): Promise<void> {
      await send(caller, {
        method: 'DELETE',
        path: `/users/self/device-passwords/${segment(userName)}.json`,
        endpoint: 'DELETE /users/self/device-passwords/<user_name>.<format>',
      });
    },
  };
}
