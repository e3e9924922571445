import { describe, expect, it } from 'vitest';
import { formatExpiry } from './format-expiry';

describe('formatExpiry', () => {
  it('formats in the zh-CN date-time format and names the time zone', () => {
    expect(formatExpiry('2026-11-22T08:15:00.000Z', 'UTC')).toBe('2026/11/22 08:15:00 UTC');
    // The reader's own zone, said as such: the receipt's "08:15 UTC" is the same instant.
    expect(formatExpiry('2026-11-22T08:15:00.000Z', 'Asia/Shanghai')).toBe('2026/11/22 16:15:00 GMT+8');
  });

  it('treats a timestamp without a zone as UTC', () => {
    expect(formatExpiry('2026-11-22T08:15:00', 'UTC')).toBe('2026/11/22 08:15:00 UTC');
  });

  it("shows '--' when unknown or unreadable", () => {
    expect(formatExpiry(null)).toBe('--');
    expect(formatExpiry(undefined)).toBe('--');
    expect(formatExpiry('')).toBe('--');
    expect(formatExpiry('not a date')).toBe('--');
  });
});
