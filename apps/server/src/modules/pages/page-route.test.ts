import { adminPath, matchPage, pagePath, PROFILE_SECTIONS, readerPath } from '@inkstream/contracts';
import { describe, expect, it } from 'vitest';
import { matchPageRoute } from './seo.service.js';

const BOOK = '7740b33e-9d64-5d69-aa6c-928c382935c4';
const CHAPTER = 'EAB0E749-23A9-51BB-8650-ABEFCD7C62E9';

describe('the page route table (contracts routes.ts) as the server reads it', () => {
  it('knows the public pages, with their parameters', () => {
    for (const path of ['/', '/books', '/books/', '/index.html']) expect(matchPageRoute(path)).toEqual({ kind: 'home' });
    expect(matchPageRoute('/contact-us')).toEqual({ kind: 'contact' });
    expect(matchPageRoute(`/book/chapters/${BOOK}`)).toEqual({ kind: 'book', bookUuid: BOOK });
    expect(matchPageRoute(`/reader/book/chapter/${BOOK}/${CHAPTER}/12`)).toEqual({ kind: 'chapter', bookUuid: BOOK, chapterUuid: CHAPTER });
  });

  it('knows the private screens, the console and the sandbox checkout', () => {
    for (const path of [
      '/login',
      '/register',
      '/profile',
      '/library',
      '/unsubscribe',
      '/admin',
      '/admin/orders/incidents',
      '/sandbox/checkout/ord_1-x',
    ]) {
      expect(matchPageRoute(path)).toEqual({ kind: 'private' });
    }
  });

  it('answers unknown for what the web router would take but is no page (not a UUID, no number, too long)', () => {
    for (const path of [
      '/book/chapters/42',
      `/reader/book/chapter/${BOOK}/${CHAPTER}/one`,
      `/reader/book/chapter/${BOOK}/${CHAPTER}`,
      '//',
      '/admin/<x>',
      `/sandbox/checkout/${'x'.repeat(65)}`,
      '/login/extra',
    ]) {
      expect(matchPageRoute(path)).toEqual({ kind: 'unknown' });
    }
    expect(matchPage('/nowhere')).toBeNull();
  });

  it('builds the links the matcher reads back', () => {
    expect(pagePath.book(BOOK)).toBe(`/book/chapters/${BOOK}`);
    expect(readerPath(BOOK, { chapter_uuid: CHAPTER, chapter_number: 3 })).toBe(`/reader/book/chapter/${BOOK}/${CHAPTER}/3`);
    expect(matchPage(pagePath.reading(BOOK, CHAPTER, 3))).toEqual({
      name: 'reading',
      params: { bookid: BOOK, chapter_uuid: CHAPTER, chapter_number: '3' },
    });
    expect(pagePath.sandboxCheckout('a b')).toBe('/sandbox/checkout/a%20b');
  });

  it('builds the links with a query or a section, each on its page', () => {
    const links = {
      [pagePath.search('tom & jerry')]: '/search?q=tom%20%26%20jerry',
      [pagePath.register('INV 1')]: '/register?invite_code=INV%201',
      [pagePath.profile(PROFILE_SECTIONS.topUp)]: '/profile#top-up',
      [pagePath.library()]: '/library',
      [pagePath.library('alerts')]: '/library?tab=alerts',
      [pagePath.resetPassword('a_b-c')]: '/reset-password?token=a_b-c',
      [pagePath.confirmEmail('a/b')]: '/confirm-email?token=a%2Fb',
      [pagePath.unsubscribe(`${BOOK}.digest.x-_y`)]: `/unsubscribe?token=${BOOK}.digest.x-_y`,
      [pagePath.sandboxCheckout('IS1', 'tok-_1')]: '/sandbox/checkout/IS1?checkout_token=tok-_1',
    };
    for (const [built, expected] of Object.entries(links)) {
      expect(built).toBe(expected);
      expect(matchPage(new URL(built, 'http://x').pathname), built).not.toBeNull();
    }
  });

  it("builds the console's links under its splat", () => {
    expect(adminPath.order('a b')).toBe('/admin/orders/a%20b');
    expect(adminPath.reader(BOOK)).toBe(`/admin/readers/${BOOK}`);
    const links = Object.values(adminPath).map((link) => (typeof link === 'string' ? link : link(BOOK)));
    for (const link of links) expect(matchPage(link), link).toEqual({ name: 'admin', params: {} });
  });
});
