import { describe, expect, it } from 'vitest';
import { decodePunycode, isLabelShownAsWritten, linkText, shownHost } from './link-text';

// Issue 40, item 7: a link's text showed what was typed, `https://аррӏе.com/` in Cyrillic (its href
// is punycode) and `https://evil.example@inkstream.example/` as typed. It shows the host the
// browser really visits, as address bars do.
const shown = (typed: string) => linkText(typed, new URL(/^www\./i.test(typed) ? `https://${typed}` : typed));

describe('linkText', () => {
  it("shows an all-Cyrillic look-alike of a Latin name as the punycode the browser visits (the issue's example)", () => {
    expect(shown('https://аррӏе.com/')).toBe('https://xn--80ak6aa92e.com/');
  });

  it('shows a host mixing scripts in punycode', () => {
    // A Cyrillic а inside a Latin name.
    expect(shown('https://pаypal.com/login')).toBe('https://xn--pypal-4ve.com/login');
    // A Greek ο in a Latin name, in a subdomain.
    expect(shown('https://gοogle.example.com/')).toMatch(/^https:\/\/xn--[a-z0-9-]+\.example\.com\/$/);
  });

  it("leaves out user-info: the host shown is the one visited (the issue's example)", () => {
    expect(shown('https://evil.example@inkstream.example/')).toBe('https://inkstream.example/');
    expect(shown('https://inkstream.example:secret@evil.example/path?q=1')).toBe('https://evil.example/path?q=1');
  });

  it('shows where a backslash really goes', () => {
    expect(shown('https://good.example\\@evil.example')).toBe('https://good.example/@evil.example');
  });

  it('keeps real names in their own script, and the rest of the address as written', () => {
    expect(shown('https://bücher.example/straße?x=1#top')).toBe('https://bücher.example/straße?x=1#top');
    expect(shown('https://例え.jp/')).toBe('https://例え.jp/');
    expect(shown('https://москва.рф/')).toBe('https://москва.рф/');
    expect(shown('https://한국.kr/')).toBe('https://한국.kr/');
    expect(shown('https://مثال.إختبار/')).toBe('https://مثال.إختبار/');
    expect(shown('https://example.com')).toBe('https://example.com');
    expect(shown('www.example.org/a')).toBe('www.example.org/a');
    expect(shown('HTTPS://EXAMPLE.COM/A')).toBe('https://example.com/A');
    expect(shown('https://example.com:8443/a')).toBe('https://example.com:8443/a');
  });
});

describe('the pieces', () => {
  it('decodes punycode as RFC 3492 does', () => {
    expect(decodePunycode('80ak6aa92e')).toBe('аррӏе');
    expect(decodePunycode('bcher-kva')).toBe('bücher');
    expect(decodePunycode('r8jz45g')).toBe('例え');
    expect(decodePunycode('99')).toBeNull();
  });

  it('shows a label as written only in one script (or a CJK mix), never as a Latin look-alike', () => {
    expect(isLabelShownAsWritten('bücher')).toBe(true);
    expect(isLabelShownAsWritten('東京タワー')).toBe(true);
    expect(isLabelShownAsWritten('раураl')).toBe(false);
    expect(isLabelShownAsWritten('аррӏе')).toBe(false);
    expect(isLabelShownAsWritten('ορτυχ')).toBe(false);
    expect(isLabelShownAsWritten('ex٣ample')).toBe(false);
    expect(shownHost('xn--80ak6aa92e.com')).toBe('xn--80ak6aa92e.com');
    expect(shownHost('xn--bcher-kva.example')).toBe('bücher.example');
  });
});
