export const PNG_SIZES: number[];
export const ICO_SIZES: number[];
export const ICNS_TYPES: [string, number][];
export function drawIcon(size: number): Buffer;
export function makeIcons(directory: URL): Promise<void>;
