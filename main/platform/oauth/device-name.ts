// The `device_name` the platform lists among the user's connected applications, where the user may revoke
// it: it should say which app on which machine.
import { hostname } from 'node:os';

const PLATFORM_NAMES: Readonly<Partial<Record<NodeJS.Platform, string>>> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

export function deviceName(host: string = hostname(), platform: NodeJS.Platform = process.platform): string {
  return `Broadcaster Companion on ${host} (${PLATFORM_NAMES[platform] ?? platform})`;
}
