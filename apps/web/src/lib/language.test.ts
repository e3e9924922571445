import { describe, expect, it } from 'vitest';
import { adoptLanguageFromUrl, currentLanguage, htmlLang, isRightToLeft, mapBrowserLanguage, resolveLanguage } from './language';

describe('language choice', () => {
  it.each([
    ['zh-TW', 'zh-cn'],
    ['zh', 'zh-cn'],
    ['fr-CA', 'fr-fr'],
    ['es-MX', 'es-es'],
    ['ar-EG', 'ar-sa'],
    ['de-DE', 'en-us'],
    ['en-GB', 'en-us'],
    [undefined, 'en-us'],
  ])('maps browser %s to %s', (browser, expected) => {
    expect(mapBrowserLanguage(browser)).toBe(expected);
  });

  it('prefers a supported stored language, else the browser mapping', () => {
    expect(resolveLanguage('fr-fr', 'zh-CN')).toBe('fr-fr');
    expect(resolveLanguage('AR-SA', 'en-US')).toBe('ar-sa');
    expect(resolveLanguage('de-de', 'es-ES')).toBe('es-es');
    expect(resolveLanguage(null, undefined)).toBe('en-us');
  });

  it('marks Arabic right-to-left and builds html lang tags', () => {
    expect(isRightToLeft('ar-sa')).toBe(true);
    expect(isRightToLeft('en-us')).toBe(false);
    expect(htmlLang('zh-cn')).toBe('zh-CN');
  });

  it('adopts a valid ?lang= and ignores an invalid one', () => {
    window.localStorage.clear();
    adoptLanguageFromUrl('?lang=xx-yy');
    expect(window.localStorage.getItem('language')).toBeNull();
    adoptLanguageFromUrl('?q=a&lang=FR-FR');
    expect(window.localStorage.getItem('language')).toBe('fr-fr');
    expect(currentLanguage()).toBe('fr-fr');
  });
});
