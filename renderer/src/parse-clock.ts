// Positions in a video as people type them: 90, 1:30 or 1:01:30 (hours, minutes, seconds).

/** Whole seconds from "90", "1:30" or "1:01:30"; null when the text is none of these. */
export function parseClock(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(:[0-5]?\d){0,2}$/.test(trimmed)) return null;
  return trimmed.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}
