import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';

describe('isolate', () => {
  it('wraps text in first-strong isolate and pop directional isolate (U+2068, U+2069)', () => {
    expect(isolate('Sword Song.')).toBe('\u2068Sword Song.\u2069');
    expect([...isolate('')].map((c) => c.codePointAt(0))).toEqual([0x2068, 0x2069]);
  });
});
