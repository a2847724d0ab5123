/** Seconds as "1 h 30 min" or "4 min 05 s", for lengths and durations. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  const rest = String(whole % 60).padStart(2, '0');
  return minutes > 0 ? `${minutes} min ${rest} s` : `${whole} s`;
}
