import { describe, expect, it } from 'vitest';
import { addDays, dateIn, isKnownTimeZone, momentOf, parseDate, startOfDay, weekdayOf } from './schedule-time.js';

const iso = (moment: number) => new Date(moment).toISOString();

describe('calendar arithmetic in time zones', () => {
  it('turns a wall-clock time in a zone into its moment', () => {
    expect(iso(momentOf('2026-12-01', 10 * 60, 'Asia/Shanghai'))).toBe('2026-12-01T02:00:00.000Z');
    expect(iso(momentOf('2026-12-01', 10 * 60, 'America/New_York'))).toBe('2026-12-01T15:00:00.000Z');
    expect(iso(momentOf('2026-07-01', 10 * 60, 'Europe/Paris'))).toBe('2026-07-01T08:00:00.000Z');
    expect(iso(startOfDay('2026-12-01', 'UTC'))).toBe('2026-12-01T00:00:00.000Z');
    expect(iso(startOfDay('2026-12-01', 'Pacific/Kiritimati'))).toBe('2026-11-30T10:00:00.000Z');
  });

  it('reads a time skipped by the spring change with the offset before it, and a repeated one as its first', () => {
    // Paris, 29 March 2026: 02:00 CET becomes 03:00 CEST; 02:30 does not exist.
    expect(iso(momentOf('2026-03-29', 2 * 60 + 30, 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z');
    // Paris, 25 October 2026: 02:30 happens twice (CEST, then CET); the first is 00:30 UTC.
    expect(iso(momentOf('2026-10-25', 2 * 60 + 30, 'Europe/Paris'))).toBe('2026-10-25T00:30:00.000Z');
    // New York, 8 March 2026: 02:30 does not exist (EST until 02:00).
    expect(iso(momentOf('2026-03-08', 2 * 60 + 30, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(momentOf('2026-03-08', 12 * 60, 'America/New_York'))).toBe('2026-03-08T16:00:00.000Z');
  });

  it('says which day a moment is in a zone, and counts days and weekdays', () => {
    expect(dateIn(Date.parse('2026-12-01T02:00:00Z'), 'America/New_York')).toBe('2026-11-30');
    expect(dateIn(Date.parse('2026-12-01T02:00:00Z'), 'Asia/Shanghai')).toBe('2026-12-01');
    expect(weekdayOf('2026-11-30')).toBe(1);
    expect(weekdayOf('2026-12-06')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('refuses days and zones that do not exist', () => {
    expect(parseDate('2026-02-29')).toBeNull();
    expect(parseDate('2028-02-29')).not.toBeNull();
    expect(parseDate('2026-13-01')).toBeNull();
    expect(isKnownTimeZone('Europe/Paris')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('+08:00')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
