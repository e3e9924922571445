import { describe, expect, it } from 'vitest';
import { sitePath } from './site-path';

const ORIGIN = 'https://inkstream.example';

describe('sitePath: where a notice opens', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(sitePath('/reader/book/chapter/b/c/3?x=1#top', ORIGIN)).toBe('/reader/book/chapter/b/c/3?x=1#top');
  });

  it('opens the library for another site, written any way, and for anything not a path', () => {
    for (const value of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/', 'library', '', 42, null, undefined])
      expect(sitePath(value, ORIGIN), String(value)).toBe('/library');
  });
});
