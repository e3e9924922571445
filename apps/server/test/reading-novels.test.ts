import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBook, insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { contentHash } from '../src/modules/media/media-storage.js';
import { bookChanged, authHeader, createBook, createUser, grantMembership, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let member: TestUser;
let expired: TestUser;
const chapterUuids: string[] = [];
let illustrationKey: string;

/** Each chapter's text says which chapter and language it is, so a leak or a wrong pick is visible. */
const html = (number: number, language: string) => `<h2>${language} ${number}</h2><p>Secret words of chapter ${number} in ${language}.</p>`;
const chapterTexts = (number: number, languages: string[]) =>
  languages.map((language) => ({ language, html: html(number, language), word_count: 7 }));

const content = (number: number, language = 'en-us', headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${chapterUuids[number - 1]}/${language}`, headers });

beforeAll(async () => {
  ctx = await createTestContext();
  [member, expired] = await Promise.all([createUser(ctx), createUser(ctx)]);
  await grantMembership(ctx, member.id, { days: 30 });
  await grantMembership(ctx, expired.id, { days: 30, startDaysAgo: 60 });

  const bytes = Buffer.from('illustration bytes');
  const bookUuid = randomUUID();
  const book = await insertBook(ctx.db, {
    uuid: bookUuid,
    book_type: 'novel',
    original_language: 'zh-cn',
    public_free_chapters: 4,
    created_at: Date.now() - 10_000,
    translations: [
      { language: 'zh-cn', title: '夜航' },
      { language: 'en-us', title: 'Night Voyage' },
    ],
  });
  // 1: zh-cn + en-us with an illustration; 2: original only; 3: French only; 4: no text; 5: paid; 6: paid, illustrated.
  const plans: { languages: string[]; illustrated?: boolean }[] = [
    { languages: ['zh-cn', 'en-us'], illustrated: true },
    { languages: ['zh-cn'] },
    { languages: ['fr-fr'] },
    { languages: [] },
    { languages: ['zh-cn', 'en-us'] },
    { languages: ['en-us'], illustrated: true },
  ];
  for (const [index, plan] of plans.entries()) {
    const number = index + 1;
    const uuid = randomUUID();
    const pages = [];
    if (plan.illustrated) {
      const key = `pages/${bookUuid}/${uuid}/zh-cn/0-${contentHash(bytes)}.jpg`;
      if (number === 1) illustrationKey = key;
      await ctx.storage.put(key, bytes, 'image/jpeg');
      pages.push({ language: 'zh-cn', media_key: key, width: 600, height: 400 });
    }
    await insertChapter(ctx.db, {
      uuid,
      book_id: book.id,
      number,
      created_at: Date.now() - 5_000 + number,
      translations: [{ language: 'en-us', title: `Leg ${number}` }],
      pages,
      texts: chapterTexts(number, plan.languages),
    });
    chapterUuids.push(uuid);
  }
  await bookChanged(ctx, book.id);
});
afterAll(() => ctx.close());

describe('novel chapters in GET /comics/chapter_comics', () => {
  it('gives the text in the asked language, the book type and the illustrations as images', async () => {
    const response = await content(1, 'en-us');
    expect(response.statusCode).toBe(200);
    const result = response.json().data.result;
    expect(result).toMatchObject({
      book_type: 'novel',
      text: html(1, 'en-us'),
      text_language: 'en-us',
      title: 'Night Voyage',
      chapter_title: 'Leg 1',
      images: [`/media/${illustrationKey}`],
      pages: [{ url: `/media/${illustrationKey}`, width: 600, height: 400 }],
      prev_chapter_uuid: null,
      next_chapter_uuid: chapterUuids[1],
    });
    expect((await content(1, 'ZH-CN')).json().data.result).toMatchObject({ text: html(1, 'zh-cn'), text_language: 'zh-cn' });
  });

  it('falls back as titles do: the asked language, then English for any but a Chinese reader, then the original, then any', async () => {
    // Issue 26 item 1: an Arabic or French reader of a zh-cn novel with an English text reads English, not Chinese.
    for (const language of ['ar-sa', 'fr-fr', 'es-es']) {
      expect((await content(1, language)).json().data.result).toMatchObject({
        text: html(1, 'en-us'),
        text_language: 'en-us',
        title: 'Night Voyage',
      });
    }
    expect((await content(1, 'zh-cn')).json().data.result).toMatchObject({ text: html(1, 'zh-cn'), text_language: 'zh-cn' });
    expect((await content(2, 'ar-sa')).json().data.result).toMatchObject({ text: html(2, 'zh-cn'), text_language: 'zh-cn' });
    expect((await content(2, 'en-us')).json().data.result).toMatchObject({ text: html(2, 'zh-cn'), text_language: 'zh-cn' });
    expect((await content(3, 'en-us')).json().data.result).toMatchObject({ text: html(3, 'fr-fr'), text_language: 'fr-fr' });
    expect((await content(3, 'zh-cn')).json().data.result).toMatchObject({ text: html(3, 'fr-fr'), text_language: 'fr-fr' });
  });

  it('lists every language the text exists in, so the reader can offer the others', async () => {
    expect((await content(1, 'ar-sa')).json().data.result.text_languages).toEqual(['en-us', 'zh-cn']);
    expect((await content(3, 'en-us')).json().data.result.text_languages).toEqual(['fr-fr']);
    expect((await content(4, 'en-us')).json().data.result.text_languages).toEqual([]);
  });

  it('has no text and no images for a novel chapter that has neither', async () => {
    const result = (await content(4)).json().data.result;
    expect(result).toMatchObject({ book_type: 'novel', text: null, text_language: null, images: [], pages: [] });
  });

  it('gates a paid novel chapter like a comic one and never sends its text', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'MEMBERSHIP_REQUIRED'],
      [{ 'x-visitor-id': '0a1b2c3d' }, 'MEMBERSHIP_REQUIRED'],
      [authHeader(expired), 'MEMBERSHIP_EXPIRED'],
    ];
    for (const [headers, code] of cases) {
      const response = await content(5, 'en-us', headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(code);
      expect(response.json()).not.toHaveProperty('data');
      expect(response.payload).not.toContain('Secret words');
    }
    const allowed = await content(5, 'en-us', authHeader(member));
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.result.text).toBe(html(5, 'en-us'));
  });

  it('places a locked chapter in its book (ext fields on the 403) without any of its content', async () => {
    for (const headers of [{}, authHeader(expired)] as Record<string, string>[]) {
      const response = await content(5, 'ar-sa', headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: expect.any(String),
        code: headers.authorization ? 'MEMBERSHIP_EXPIRED' : 'MEMBERSHIP_REQUIRED',
        book_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        book_type: 'novel',
        chapter_uuid: chapterUuids[4],
        chapter_number: 5,
        chapter_title: 'Leg 5',
        title: 'Night Voyage',
        prev_chapter_uuid: chapterUuids[3],
        next_chapter_uuid: chapterUuids[5],
        opened_by: ['membership'],
      });
      expect(response.payload).not.toContain('Secret words');
      expect(response.payload).not.toContain('/media/');
    }
    // The last chapter has no next one; its previous is the locked one before it.
    expect((await content(6)).payload).not.toContain('/media/');
    expect((await content(6)).json()).toMatchObject({ chapter_number: 6, prev_chapter_uuid: chapterUuids[4], next_chapter_uuid: null });
  });

  it('answers comics with their book type and no text', async () => {
    const comic = await createBook(ctx, { chapters: 1 });
    const result = (await ctx.app.inject(`/api/v1/comics/chapter_comics/${comic.chapters[0]!.uuid}/en-us`)).json().data.result;
    expect(result).toMatchObject({ book_type: 'comic', text: null, text_language: null });
    expect(result.images).toHaveLength(2);
  });

  it('describes the new fields in the OpenAPI document', async () => {
    const document = JSON.stringify((await ctx.app.inject('/api/docs')).json());
    for (const field of ['"text"', '"text_language"', '"text_languages"', '"sources"', '"cover_srcset"', 'image/avif']) {
      expect(document).toContain(field);
    }
    // The locked chapter's 403 and its ext fields.
    const chapterRoute = (await ctx.app.inject('/api/docs')).json().paths['/api/v1/comics/chapter_comics/{chapterUuid}/{language}'];
    expect(Object.keys(chapterRoute.get.responses['403'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['book_uuid', 'chapter_number', 'prev_chapter_uuid', 'next_chapter_uuid']),
    );
  });
});
