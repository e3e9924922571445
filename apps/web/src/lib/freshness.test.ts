import { describe, expect, it } from 'vitest';
import { isNewChapter, isNewSeries } from './freshness';

const now = Date.parse('2026-11-25T12:00:00Z');

describe('NEW marks', () => {
  it('marks a chapter for 3 days (72 hours) after it came out', () => {
    expect(isNewChapter('2026-11-25T11:00:00Z', now)).toBe(true);
    expect(isNewChapter('2026-11-22T12:00:01Z', now)).toBe(true); // 71:59:59 ago
    expect(isNewChapter('2026-11-22T12:00:00Z', now)).toBe(false); // exactly 72 hours
    expect(isNewChapter('2026-11-01T12:00:00Z', now)).toBe(false);
    // A server clock slightly ahead of this one, and the API's zone-less form (UTC).
    expect(isNewChapter('2026-11-25T12:05:00Z', now)).toBe(true);
    expect(isNewChapter('2026-11-24 12:00:00', now)).toBe(true);
    expect(isNewChapter('not a time', now)).toBe(false);
  });

  it('calls a series new for 30 days after its first chapter', () => {
    expect(isNewSeries('2026-10-26T12:00:01Z', now)).toBe(true);
    expect(isNewSeries('2026-10-26T12:00:00Z', now)).toBe(false);
    expect(isNewSeries(null, now)).toBe(false);
  });
});
