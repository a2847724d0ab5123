// Device passwords for the panel: one page at a time, create (the password comes back once and is never
// kept by the app), delete; the platform's errors become sentences that say what to do.
import {
  CompanionError,
  DEVICE_PASSWORD_PAGE_SIZE,
  type CreatedDevicePassword,
  type DevicePasswordPage,
  type DevicePasswordPageRequest,
  type DevicePasswordRow,
  type NewDevicePassword, type NamespaceImplementation, type devicePasswordsNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import type { DevicePassword } from '../../platform/endpoints/schemas.js';
import { PlatformError } from '../../platform/platform-error.js';

export class DevicePasswordService extends PlatformBackedService implements NamespaceImplementation<typeof devicePasswordsNamespace> {
  async page(request: DevicePasswordPageRequest): Promise<DevicePasswordPage> {
    const api = await this.api();
    const pageSize = request.pageSize ?? DEVICE_PASSWORD_PAGE_SIZE.default;
    const page = await api.devicePasswords.page(request.page, pageSize);
    return { items: page.items.map(row), page: request.page, pageSize, hasPrevious: page.hasPrevious, hasNext: page.hasNext };
  }

  async create(request: NewDevicePassword): Promise<CreatedDevicePassword> {
    const api = await this.api();
    const validFrom = request.validFrom ?? Math.floor(Date.now() / 1000);
    try {
      const created = await api.devicePasswords.create({ deviceName: request.deviceName, validFrom, validUntil: request.validUntil });
      return { ...row(created), createdAt: null, password: created.password };
    } catch (error) {
      if (error instanceof PlatformError && error.status === 400) {
        throw new CompanionError(error.error ?? 'input_validation_error', 'The platform refused these values: give the device a name and a start time, and an end time after the start (or none).');
      }
      throw error;
    }
  }

  async remove(userName: string): Promise<null> {
    const api = await this.api();
    try {
      await api.devicePasswords.remove(userName);
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) {
        throw new CompanionError('not_found', `The device password ${userName} no longer exists; it may have been deleted elsewhere. Reload the list.`);
      }
      throw error;
    }
    return null;
  }
}

function row(password: DevicePassword): DevicePasswordRow {
  return { deviceName: password.device_name, userName: password.user_name, createdAt: password.created_at ?? null, validFrom: password.valid_from, validUntil: password.valid_until };
}
