import { describe, expect, it } from 'vitest';
import { parseTimestamp, relativeTime } from './relative-time';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('relativeTime', () => {
  it.each([
    [0, 'justPosted', 0],
    [9 * MIN + 59_000, 'justPosted', 0],
    [10 * MIN, 'minutes', 10],
    [59 * MIN, 'minutes', 59],
    [60 * MIN, 'hours', 1],
    [23 * 60 * MIN, 'hours', 23],
    [24 * 60 * MIN, 'days', 1],
    [6 * 24 * 60 * MIN, 'days', 6],
    [7 * 24 * 60 * MIN, 'weeks', 1],
    [29 * 24 * 60 * MIN, 'weeks', 4],
    [30 * 24 * 60 * MIN, 'months', 1],
    [364 * 24 * 60 * MIN, 'months', 12],
    [365 * 24 * 60 * MIN, 'years', 1],
    [800 * 24 * 60 * MIN, 'years', 2],
  ])('%i ms ago is %s %i', (elapsed, unit, count) => {
    expect(relativeTime(ago(elapsed), NOW)).toEqual({ unit, count });
  });

  it('treats a future time as just posted', () => {
    expect(relativeTime(NOW + 5 * MIN, NOW).unit).toBe('justPosted');
  });

  it('reads timestamps without a zone as UTC', () => {
    expect(parseTimestamp('2026-11-22 11:00:00')).toBe(Date.parse('2026-11-22T11:00:00Z'));
    expect(parseTimestamp('2026-11-22T11:00:00+08:00')).toBe(Date.parse('2026-11-22T03:00:00Z'));
    expect(relativeTime('2026-11-22T10:00:00', NOW)).toEqual({ unit: 'hours', count: 2 });
  });
});
