import { describe, expect, it } from 'vitest';
import { coverSrcset } from './cover-srcset.js';

const urlOf = (key: string) => `/media/${key}`;

describe('coverSrcset', () => {
  it('lists the sizes narrowest first with their widths', () => {
    const json = JSON.stringify([
      { width: 480, key: 'covers/b/h-480.webp' },
      { width: 240, key: 'covers/b/h-240.webp' },
    ]);
    expect(coverSrcset(json, urlOf)).toBe('/media/covers/b/h-240.webp 240w, /media/covers/b/h-480.webp 480w');
  });

  it('is null without sizes, for malformed JSON and when no entry is usable', () => {
    for (const json of [
      null,
      '',
      '[]',
      '{',
      '{"width":1}',
      '[{"width":0,"key":"a"}]',
      '[{"width":2.5,"key":"a"}]',
      '[{"width":3}]',
      '[null]',
    ]) {
      expect(coverSrcset(json, urlOf), String(json)).toBeNull();
    }
  });

  it('skips entries that would break the srcset syntax and keeps the first of equal widths', () => {
    const json = JSON.stringify([
      { width: 240, key: 'covers/a b.webp' },
      { width: 300, key: 'covers/one.webp' },
      { width: 300, key: 'covers/two.webp' },
    ]);
    expect(coverSrcset(json, urlOf)).toBe('/media/covers/one.webp 300w');
  });
});
