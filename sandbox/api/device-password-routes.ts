// Device passwords (spec part A, "Device passwords"): generated logins for the user's devices, listed
// with paging, created (the password is in that answer only) and deleted.
import { ApiError, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { DevicePassword } from '../state/model.js';
import { hashPassword } from '../state/passwords.js';
import { nowSeconds, randomToken } from '../state/random.js';
import { requireToken } from './access.js';
import { pageHref, pageOf, pageRequest } from './paging.js';

const MAX_DEVICE_NAME_LENGTH = 100;

export function registerDevicePasswordRoutes(router: Router): void {
  router.get('/users/self/device-passwords.:format', listDevicePasswords);
  router.post('/users/self/device-passwords.:format', createDevicePassword);
  router.delete('/users/self/device-passwords/:user_name.:format', deleteDevicePassword);
}

function listed(password: DevicePassword) {
  return {
    device_name: password.deviceName,
    user_name: password.userName,
    created_at: password.createdAt,
    valid_from: password.validFrom,
    valid_until: password.validUntil,
  };
}

function listDevicePasswords(context: RequestContext) {
  const principal = requireToken(context);
  const mine = context.store.data.devicePasswords.filter((password) => password.ownerId === principal.account.id);
  const request = pageRequest(context, { pageParam: 'page', defaultSize: 50 });
  const page = pageOf(mine, request);
  return ok({
    device_passwords: page.items.map(listed),
    paging: {
      previous: page.hasPrevious ? pageHref(context, 'page', request.page - 1, request.pageSize) : null,
      next: page.hasNext ? pageHref(context, 'page', request.page + 1, request.pageSize) : null,
    },
  });
}

function timestamp(value: string | null, name: string): number | null {
  if (value === null || value === '') return null;
  if (!/^\d+$/.test(value)) throw new ApiError(400, 'input_validation_error', `${name} must be a Unix time in whole seconds (got ${JSON.stringify(value)}).`);
  return Number(value);
}

function createDevicePassword(context: RequestContext) {
  const principal = requireToken(context);
  const form = context.form();
  const deviceName = form.get('device_name')?.trim() ?? '';
  if (deviceName === '') throw new ApiError(400, 'input_validation_error', 'device_name is required.');
  if (deviceName.length > MAX_DEVICE_NAME_LENGTH) throw new ApiError(400, 'input_validation_error', `device_name is at most ${MAX_DEVICE_NAME_LENGTH} characters.`);
  const validFrom = timestamp(form.get('valid_from'), 'valid_from');
  if (validFrom === null) throw new ApiError(400, 'input_validation_error', 'valid_from is required.');
  const validUntil = timestamp(form.get('valid_until'), 'valid_until');
  if (validUntil !== null && validUntil <= validFrom) throw new ApiError(400, 'input_validation_error', 'valid_until must be later than valid_from.');
  const password = randomToken(12);
  const created: DevicePassword = {
    ownerId: principal.account.id,
    deviceName,
    userName: `dp-${randomToken(9).toLowerCase().replace(/[^a-z0-9]/g, '0')}`,
    passwordHash: hashPassword(password),
    createdAt: nowSeconds(),
    validFrom,
    validUntil,
  };
  context.store.data.devicePasswords.push(created);
  context.store.changed();
  return ok({ device_name: created.deviceName, user_name: created.userName, password, valid_from: created.validFrom, valid_until: created.validUntil });
}

function deleteDevicePassword(context: RequestContext) {
  const principal = requireToken(context);
  const userName = context.params.user_name ?? '';
  const store = context.store;
  const target = store.data.devicePasswords.find((password) => password.ownerId === principal.account.id && password.userName === userName);
  // The spec lists only 401; an unknown (or another user's) user name is 404 not_found here.
  if (!target) throw notFound(`The device password ${userName}`);
  store.data.devicePasswords = store.data.devicePasswords.filter((password) => password !== target);
  store.changed();
  return empty(200);
}
