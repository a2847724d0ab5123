// Device passwords: logins for encoders and other devices.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';

export const DevicePasswordRow = z.object({
  deviceName: z.string(),
  /** The generated user name: names the device password. */
  userName: z.string(),
  /** Unix seconds. */
  createdAt: z.number().nullable(),
  validFrom: z.number(),
  /** Unix seconds; null: open-ended. */
  validUntil: z.number().nullable(),
});
export type DevicePasswordRow = z.output<typeof DevicePasswordRow>;

export const DEVICE_PASSWORD_PAGE_SIZE = { default: 50, max: 200 } as const;

export const DevicePasswordPage = z.object({
  items: z.array(DevicePasswordRow),
  page: z.number(),
  pageSize: z.number(),
  hasPrevious: z.boolean(),
  hasNext: z.boolean(),
});
export type DevicePasswordPage = z.output<typeof DevicePasswordPage>;

export const DevicePasswordPageRequest = z.object({
  page: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(DEVICE_PASSWORD_PAGE_SIZE.max).optional(),
});
export type DevicePasswordPageRequest = z.output<typeof DevicePasswordPageRequest>;

export const NewDevicePassword = z
  .object({
    deviceName: z.string().trim().min(1).max(100),
    /** Unix seconds; now when absent. */
    validFrom: z.number().int().min(0).optional(),
    validUntil: z.number().int().min(0).optional(),
  })
  .refine((request) => request.validUntil === undefined || request.validUntil > (request.validFrom ?? 0), 'validUntil must be after validFrom');
export type NewDevicePassword = z.output<typeof NewDevicePassword>;

/** The creation answer: the only time the generated password is seen. */
export const CreatedDevicePassword = DevicePasswordRow.extend({ password: z.string() });
export type CreatedDevicePassword = z.output<typeof CreatedDevicePassword>;

/** Device passwords, served by the device password service. */
export const devicePasswordsNamespace = defineNamespace({
  page: { args: z.tuple([DevicePasswordPageRequest]), result: DevicePasswordPage },
  create: { args: z.tuple([NewDevicePassword]), result: CreatedDevicePassword },
  remove: { args: z.tuple([z.string().min(1).max(200)]), result: z.null() },
});
