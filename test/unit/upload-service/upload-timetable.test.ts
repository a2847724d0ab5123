import { describe, expect, it } from 'vitest';
import { nextTimetableChange, timetableLimit } from '../../../main/upload-service/upload-timetable.js';

const at = (hours: number, minutes: number, day = 28) => new Date(2026, 10, day, hours, minutes, 0, 0);
const night = { fullSpeedFrom: '01:00', fullSpeedUntil: '07:00', otherwise: 625_000 };
const acrossMidnight = { fullSpeedFrom: '22:30', fullSpeedUntil: '06:00', otherwise: 250_000 };

describe('upload timetable', () => {
  it('is full speed inside its hours and the other rate outside, the boundaries included as they start', () => {
    expect(timetableLimit(night, at(0, 59))).toBe(625_000);
    expect(timetableLimit(night, at(1, 0))).toBeNull();
    expect(timetableLimit(night, at(6, 59))).toBeNull();
    expect(timetableLimit(night, at(7, 0))).toBe(625_000);
    expect(timetableLimit(night, at(23, 0))).toBe(625_000);
  });

  it('runs across midnight when its hours end before they start', () => {
    expect(timetableLimit(acrossMidnight, at(22, 29))).toBe(250_000);
    expect(timetableLimit(acrossMidnight, at(22, 30))).toBeNull();
    expect(timetableLimit(acrossMidnight, at(0, 0))).toBeNull();
    expect(timetableLimit(acrossMidnight, at(5, 59))).toBeNull();
    expect(timetableLimit(acrossMidnight, at(6, 0))).toBe(250_000);
  });

  it('names the next boundary, the next day when both have passed', () => {
    expect(nextTimetableChange(night, at(0, 30))).toEqual(at(1, 0));
    expect(nextTimetableChange(night, at(1, 0))).toEqual(at(7, 0));
    expect(nextTimetableChange(night, at(12, 0))).toEqual(at(1, 0, 29));
    expect(nextTimetableChange(acrossMidnight, at(23, 0))).toEqual(at(6, 0, 29));
    expect(nextTimetableChange(acrossMidnight, at(6, 0))).toEqual(at(22, 30));
  });

  it('is full speed all day, with no boundary, when its hours start and end alike', () => {
    const always = { fullSpeedFrom: '03:00', fullSpeedUntil: '03:00', otherwise: 1024 };
    expect(timetableLimit(always, at(12, 0))).toBeNull();
    expect(nextTimetableChange(always, at(12, 0))).toBeNull();
  });
});
