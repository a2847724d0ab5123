// The upload timetable ("full speed 01:00–07:00, otherwise 5 Mbit/s") on the clock of this computer: which
// limit applies at a moment, and when that next changes, so the service sets one timer to the next boundary
// instead of looking at the clock every second.
import type { UploadTimetable } from '../../preload/contract.js';

function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** The timetable's limit at `at` in bytes per second; null: full speed. */
export function timetableLimit(timetable: UploadTimetable, at: Date): number | null {
  const from = minutesOf(timetable.fullSpeedFrom);
  const until = minutesOf(timetable.fullSpeedUntil);
  if (from === until) return null;
  const now = at.getHours() * 60 + at.getMinutes();
  // Across midnight when the hours end before they start (22:00–06:00).
  const fullSpeed = from < until ? now >= from && now < until : now >= from || now < until;
  return fullSpeed ? null : timetable.otherwise;
}

/** The next moment after `at` when the timetable's limit changes; null when it never does. */
export function nextTimetableChange(timetable: UploadTimetable, at: Date): Date | null {
  const boundaries = [minutesOf(timetable.fullSpeedFrom), minutesOf(timetable.fullSpeedUntil)];
  if (boundaries[0] === boundaries[1]) return null;
  let next: Date | null = null;
  for (const minutes of boundaries) {
    const candidate = new Date(at);
    candidate.setHours(Math.floor(minutes / 60), minutes % 60, 0, 0);
    // setDate keeps the local time of day across a daylight saving change, where adding 24 h would not.
    if (candidate.getTime() <= at.getTime()) candidate.setDate(candidate.getDate() + 1);
    if (next === null || candidate < next) next = candidate;
  }
  return next;
}

