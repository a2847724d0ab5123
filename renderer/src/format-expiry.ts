// "in 23 hours", "in 12 minutes", "never": how long a token has left, in words.
export function formatExpiry(expiresAt: number | null, now = Date.now() / 1000): string {
  if (expiresAt === null) return 'never (offline access)';
  const seconds = Math.round(expiresAt - now);
  if (seconds <= 0) return 'expired';
  if (seconds < 90) return `in ${seconds} seconds`;
  if (seconds < 90 * 60) return `in ${Math.round(seconds / 60)} minutes`;
  if (seconds < 36 * 3600) return `in ${Math.round(seconds / 3600)} hours`;
  return `in ${Math.round(seconds / 86400)} days`;
}
