import { describe, expect, it } from 'vitest';
import { formatExpiry } from './format-expiry';

// A fixed zone keeps the expectation independent of the machine running the test.
const utc = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

describe('formatExpiry', () => {
  it('formats in the zh-CN date-time format', () => {
    expect(formatExpiry('2026-11-22T08:15:00.000Z', utc)).toBe('2026/11/22 08:15:00');
  });

  it('treats a timestamp without a zone as UTC', () => {
    expect(formatExpiry('2026-11-22T08:15:00', utc)).toBe('2026/11/22 08:15:00');
  });

  it("shows '--' when unknown or unreadable", () => {
    expect(formatExpiry(null)).toBe('--');
    expect(formatExpiry(undefined)).toBe('--');
    expect(formatExpiry('')).toBe('--');
    expect(formatExpiry('not a date')).toBe('--');
  });
});
