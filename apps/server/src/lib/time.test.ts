import { describe, expect, it } from 'vitest';
import { addCalendarMonths, DAY_MS, toIso } from './time.js';

const utc = (iso: string) => Date.parse(iso);
const add = (iso: string, months: number) => new Date(addCalendarMonths(utc(iso), months)).toISOString();

describe('addCalendarMonths', () => {
  it('clamps 31 January + 1 month to the last day of February', () => {
    expect(add('2027-01-31T00:00:00.000Z', 1)).toBe('2027-02-28T00:00:00.000Z');
    expect(add('2028-01-31T00:00:00.000Z', 1)).toBe('2028-02-29T00:00:00.000Z');
  });

  it('clamps 31 March + 1 month to 30 April', () => {
    expect(add('2026-03-31T00:00:00.000Z', 1)).toBe('2026-04-30T00:00:00.000Z');
  });

  it('keeps the day when the target month has it', () => {
    expect(add('2026-05-15T00:00:00.000Z', 3)).toBe('2026-08-15T00:00:00.000Z');
    expect(add('2026-01-30T00:00:00.000Z', 2)).toBe('2026-03-30T00:00:00.000Z');
  });

  it('crosses a year end: 30 November + 3 months is the end of February', () => {
    expect(add('2026-11-30T00:00:00.000Z', 3)).toBe('2027-02-28T00:00:00.000Z');
    expect(add('2027-11-30T00:00:00.000Z', 3)).toBe('2028-02-29T00:00:00.000Z');
    expect(add('2026-12-31T00:00:00.000Z', 1)).toBe('2027-01-31T00:00:00.000Z');
  });

  it('preserves the time of day', () => {
    expect(add('2026-01-31T23:59:59.999Z', 1)).toBe('2026-02-28T23:59:59.999Z');
    expect(add('2026-06-10T08:15:30.250Z', 1)).toBe('2026-07-10T08:15:30.250Z');
  });

  it('adds nothing for zero months and twelve months is a year', () => {
    expect(add('2026-06-10T08:15:00.000Z', 0)).toBe('2026-06-10T08:15:00.000Z');
    expect(add('2027-02-28T12:00:00.000Z', 12)).toBe('2028-02-28T12:00:00.000Z');
  });
});

describe('toIso', () => {
  it('formats epoch milliseconds as ISO 8601 in UTC with Z', () => {
    expect(toIso(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(toIso(utc('2026-11-22T08:15:00.000Z'))).toBe('2026-11-22T08:15:00.000Z');
    expect(toIso(Date.now())).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('DAY_MS is one day', () => {
    expect(DAY_MS).toBe(86_400_000);
  });
});
