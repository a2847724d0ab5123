export function electronBinary(): { path: string; missing?: undefined } | { path?: undefined; missing: string };
