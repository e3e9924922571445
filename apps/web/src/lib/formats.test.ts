import { formatCount, formatDate, formatDateTime, formatLength, formatPrice } from '@inkstream/contracts/formats';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';

// Issue 40, items 11 and 18: one formatter per kind of value, the same on the site, in the console
// and in e-mails (the server uses these functions too). Expectations are the issue's own figures.
const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;
const at = Date.parse('2026-12-26T11:20:10.000Z');

describe('formatPrice', () => {
  it("writes the month card's 1000 fen as each language writes money", () => {
    expect(formatPrice(1000, 'CNY', 'en-us')).toBe('CN¥10');
    expect(formatPrice(1000, 'CNY', 'zh-cn')).toBe('¥10');
    expect(formatPrice(2700, 'cny', 'fr-fr')).toMatch(/^27\sCNY$/);
    expect(formatPrice(2700, 'CNY', 'es-es')).toMatch(/^27\sCNY$/);
    expect(formatPrice(950, 'CNY', 'en-us')).toBe('CN¥9.50');
  });

  it('never writes "¥CN ١٠٫٠٠" in Arabic: the currency in words, Latin digits, no cents for whole yuan', () => {
    expect(formatPrice(1000, 'CNY', 'ar-sa')).toBe('10 يوان صيني');
    expect(formatPrice(2750, 'CNY', 'ar-sa')).toBe('27.50 يوان صيني');
    for (const fen of [1000, 2700, 123456]) expect(formatPrice(fen, 'CNY', 'ar-sa')).not.toMatch(/[A-Za-z¥]|[\u0660-\u0669]/);
  });

  it('reads the minor unit of other currencies (Stripe may charge in them), and survives an unknown code', () => {
    expect(formatPrice(1234, 'JPY', 'en-us')).toBe('¥1,234');
    expect(formatPrice(1999, 'usd', 'en-us')).toBe('$19.99');
    expect(formatPrice(1000, 'XYZ1', 'en-us')).toBe('10 XYZ1');
  });
});

describe('formatCount', () => {
  it('groups as each language groups, in Latin digits ("♥ 18452" on a card was a bare number)', () => {
    expect(formatCount(18452, 'en-us')).toBe('18,452');
    expect(formatCount(18452, 'zh-cn')).toBe('18,452');
    expect(formatCount(18452, 'fr-fr')).toMatch(/^18\s452$/);
    expect(formatCount(18452, 'es-es')).toBe('18.452');
    expect(formatCount(18452, 'ar-sa')).toBe('18,452');
  });
});

describe('formatDateTime', () => {
  it('always names the time zone', () => {
    expect(formatDateTime(at, 'en-us', { timeZone: 'UTC' })).toBe('December 26, 2026 at 11:20 UTC');
    expect(formatDateTime(at, 'en-us', { timeZone: 'Asia/Shanghai', style: 'short' })).toBe('Dec 26, 2026, 19:20 GMT+8');
    // The profile's expiry: the spec's zh-CN shape in every language, with its zone at the end.
    for (const language of LANGUAGES) {
      expect(formatDateTime(at, language, { timeZone: 'Asia/Shanghai', style: 'numeric' })).toBe('2026/12/26 19:20:10 GMT+8');
    }
    expect(formatDateTime('2026-12-26T11:20:10Z', 'zh-cn', { timeZone: 'UTC' })).toMatch(/^2026年12月26日.*11:20/);
    expect(formatDateTime('2026-12-26T11:20:10Z', 'zh-cn', { timeZone: 'UTC' })).toContain('UTC');
  });

  it('writes Latin digits and the Gregorian calendar in Arabic, and nothing for an unreadable time', () => {
    const arabic = formatDateTime(at, 'ar-sa', { timeZone: 'UTC' });
    expect(arabic).toContain('2026');
    expect(arabic).toContain('11:20');
    expect(arabic).not.toMatch(ARABIC_INDIC);
    expect(formatDateTime('not a date', 'en-us')).toBe('');
  });
});

describe('formatDate and formatLength', () => {
  it('use Latin digits in every language', () => {
    for (const language of LANGUAGES) {
      expect(formatDate(at, language, { timeZone: 'UTC' })).not.toMatch(ARABIC_INDIC);
      expect(formatLength({ months: 3 }, language)).toContain('3');
    }
    expect(formatLength({ months: 1 }, 'en-us')).toBe('1 month');
    expect(formatLength({ days: 30 }, 'ar-sa')).toBe('30 يومًا');
  });
});
