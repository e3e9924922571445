import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV for the dashboard', () => {
  it('quotes only what RFC 4180 requires and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('joins records with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['date', 'wechat:month'],
        ['2026-11-23', 1000],
      ]),
    ).toBe('date,wechat:month\r\n2026-11-23,1000\r\n');
  });
});
