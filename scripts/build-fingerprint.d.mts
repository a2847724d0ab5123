export function sourcesFingerprint(root: string): string;
export function buildIsCurrent(root: string, fingerprint: string): boolean;
export function markBuildCurrent(root: string, fingerprint: string): void;
