import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturn } from './return-path';

describe('return paths after login or payment', () => {
  it('keeps the reader and book screens of this site', () => {
    const reader = '/reader/book/chapter/0f8fad5b-d9cb-469f-a165-70867728950e/7c9e6679-7425-40de-944b-e07fc1f90ae7/4';
    expect(safeReturnPath(reader)).toBe(reader);
    expect(safeReturnPath('/book/chapters/abc?order=desc&page=2')).toBe('/book/chapters/abc?order=desc&page=2');
    expect(safeReturnPath('/profile?return=%2Fbook%2Fchapters%2Fabc')).toBe('/profile?return=%2Fbook%2Fchapters%2Fabc');
    expect(safeReturnPath('/')).toBe('/');
    // An operator sent to log in from the console comes back to the console screen they asked for.
    expect(safeReturnPath('/admin/books?q=storm')).toBe('/admin/books?q=storm');
    expect(safeReturnPath('/administrator')).toBeNull();
  });

  it('refuses other sites, schemes and odd paths (no open redirect)', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/reader/book/chapter/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/api/v1/user/me',
      '/media/pages/x.webp',
      '/reader/book/chapter/x\n/y',
      '/%2F%2Fevil.example',
      'reader/book/chapter/x',
      '',
      null,
      `/book/chapters/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('adds the return part only when it is safe', () => {
    expect(withReturn('/login', '/book/chapters/abc')).toBe('/login?return=%2Fbook%2Fchapters%2Fabc');
    expect(withReturn('/login', '//evil.example')).toBe('/login');
  });
});
