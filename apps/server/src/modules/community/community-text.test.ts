import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { bodyHash, cleanCommunityText, containsLink } from './community-text.js';

// The text rules of issue 31, with the numbers: 2,000 characters at most, line breaks kept,
// no control, invisible or bidirectional-override characters.

const refusal = (raw: string) => {
  try {
    cleanCommunityText(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  return null;
};

describe('cleanCommunityText', () => {
  it('keeps line breaks, trims, folds runs of empty lines and line ends', () => {
    expect(cleanCommunityText('  Hello\r\nworld  \r\n\r\n\r\n\r\nBye\t!  ')).toBe('Hello\nworld\n\nBye !');
    expect(cleanCommunityText('e\u0301')).toBe('é');
    // A byte order mark at either end is trimmed away like a space (JavaScript's trim).
    expect(cleanCommunityText('\uFEFFhello')).toBe('hello');
  });

  it('allows 2,000 characters, counted as characters, and not one more', () => {
    expect(cleanCommunityText('a'.repeat(2000))).toHaveLength(2000);
    expect(cleanCommunityText('😀'.repeat(2000))).toHaveLength(4000);
    expect(refusal('a'.repeat(2001))).toBe('VALIDATION_FAILED');
    expect(refusal('😀'.repeat(2001))).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['empty', ''],
    ['only spaces and breaks', ' \n \t \r\n '],
    ['only direction marks', '\u200F\u200E'],
    ['a NUL', 'a\u0000b'],
    ['an escape sequence', '\u001b[31mred'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'abc\u202Edcba'],
    ['an isolate', 'a\u2066b\u2069'],
    ['a zero-width space', 'spo\u200Biler'],
    ['a byte order mark inside the text', 'hel\uFEFFlo'],
    ['tag characters', 'hi\u{E0041}\u{E0042}'],
    ['a Hangul filler', 'a\u3164b'],
    ['more than 100 lines', Array.from({ length: 101 }, (_, i) => `line ${i}`).join('\n')],
  ])('refuses %s', (_name, raw) => {
    expect(refusal(raw)).toBe('VALIDATION_FAILED');
  });

  it('refuses text with nothing visible, and a character under more than eight marks (issue 40)', () => {
    expect(refusal('\u2800\u2800\u2800')).toBe('VALIDATION_FAILED');
    expect(refusal('\uFE0F'.repeat(50))).toBe('VALIDATION_FAILED');
    expect(refusal('\u2002\u200A\u205F\u3000\u2800')).toBe('VALIDATION_FAILED');
    expect(refusal(`a${'\u0301'.repeat(500)}`)).toBe('VALIDATION_FAILED');
    // Eight marks on one letter are written; nine are not. Joiners between marks do not reset the count.
    expect(cleanCommunityText(`a${'\u0353'.repeat(8)} b`)).toBe(`a${'\u0353'.repeat(8)} b`);
    expect(refusal(`a${'\u0353'.repeat(9)} b`)).toBe('VALIDATION_FAILED');
    expect(refusal(`a${'\u0353\u200D'.repeat(9)}`)).toBe('VALIDATION_FAILED');
    // Each letter gets its own eight.
    expect(cleanCommunityText(`a${'\u0353'.repeat(8)}b${'\u0353'.repeat(8)}`)).toHaveLength(18);
  });

  it('keeps the joiners emoji and scripts need, and right-to-left text', () => {
    expect(cleanCommunityText('👩\u200D💻')).toBe('👩\u200D💻');
    expect(cleanCommunityText('مرحبا بالعالم')).toBe('مرحبا بالعالم');
    expect(cleanCommunityText('می\u200Cخواهم')).toBe('می\u200Cخواهم');
  });

  it('keeps markup as the text it is (escaping is the client’s job)', () => {
    for (const payload of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '&lt;b&gt;']) {
      expect(cleanCommunityText(payload)).toBe(payload);
    }
  });
});

describe('containsLink', () => {
  it.each(['see https://example.com', 'www.example.org', 'spam.example.com/x', 'bit.ly/abc', 'ftp://host/file', 'ＷＷＷ．example．com'])(
    'finds a link in %s',
    (text) => expect(containsLink(text)).toBe(true),
  );
  it.each(['Hello world', 'e.g. this', 'Chapter 3.5 was great', 'version 1.2.3', 'Mr.Smith'])('finds none in %s', (text) =>
    expect(containsLink(text)).toBe(false),
  );
});

describe('bodyHash', () => {
  it('sees through case, width, spacing and punctuation', () => {
    expect(bodyHash('Best chapter ever!')).toBe(bodyHash('best   CHAPTER ever'));
    expect(bodyHash('ＢＥＳＴ chapter ever')).toBe(bodyHash('best chapter ever'));
    expect(bodyHash('best chapter ever')).not.toBe(bodyHash('worst chapter ever'));
  });
});
