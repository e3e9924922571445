import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// Issue 40, item 6: text with nothing to see (three braille blanks U+2800, fifty variation
// selectors U+FE0F, a Hangul filler) and "Zalgo" text (one letter under 500 combining marks) were
// stored. Every text readers write for others goes through one rule: a comment, an edit, a
// review, a report's detail and a feed key's name are all refused alike, and their real
// counterparts still pass.

let ctx: TestContext;
let book: TestBook;
let chapter: string;
let author: TestUser;
let commentUuid: string;

const HOUR = 3_600_000;
const call = (user: TestUser, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: authHeader(user), payload, remoteAddress: nextClientIp() });

async function oldReader(): Promise<TestUser> {
  const user = await createUser(ctx);
  await ctx.db
    .updateTable('users')
    .set({ created_at: Date.now() - 48 * HOUR })
    .where('id', '=', user.id)
    .execute();
  return user;
}

beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 1, freeChapters: 1 });
  chapter = book.chapters[0]!.uuid;
  author = await oldReader();
  const posted = await call(author, 'POST', `/comics/chapter/${chapter}/comments`, { body: 'A comment to report and edit' });
  expect(posted.statusCode, posted.body).toBe(201);
  commentUuid = posted.json().data.result.comment_uuid;
});
afterAll(() => ctx.close());

const NOTHING_TO_SEE: [string, string][] = [
  ['three braille blanks', '\u2800\u2800\u2800'],
  ['fifty emoji variation selectors', '\uFE0F'.repeat(50)],
  ['a combining mark on nothing', '\u0301'],
  ['em and ideographic spaces around a braille blank', '\u2003\u2800\u3000'],
  ['ideographic variation selectors', '\u{E0100}\u{E0101}'],
];
const PILED_MARKS: [string, string][] = [
  ['a letter under 500 combining marks', `Z${'\u0336\u0317'.repeat(250)}`],
  ['a letter with fifty variation selectors', `a${'\uFE0F'.repeat(50)}`],
];
const HIDING: [string, string][] = [
  ['a Hangul filler', 'a\u3164b'],
  ['a halfwidth Hangul filler', 'a\uFFA0b'],
  ['a Hangul choseong filler', 'a\u115Fb'],
  ['a combining grapheme joiner', 'a\u034Fb'],
  ['a tag character', 'a\u{E0041}b'],
  ['a musical formatting character', 'a\u{1D173}b'],
];

const writers: [string, (text: string) => Promise<{ statusCode: number; body: string }>][] = [
  ['a comment', async (text) => call(await oldReader(), 'POST', `/comics/chapter/${chapter}/comments`, { body: text })],
  ['an edited comment', (text) => call(author, 'PATCH', `/comics/comment/${commentUuid}`, { body: text })],
  ['a review', async (text) => call(await oldReader(), 'PUT', `/comics/book/${book.uuid}/rating`, { score: 8, review: text })],
  [
    'a report detail',
    async (text) => call(await oldReader(), 'POST', `/comics/comment/${commentUuid}/report`, { reason: 'other', detail: text }),
  ],
  ['a feed key name', async (text) => call(await createUser(ctx), 'POST', '/user/feed_keys', { name: text })],
];

describe.each(writers)('%s', (_what, write) => {
  it.each([...NOTHING_TO_SEE, ...PILED_MARKS, ...HIDING])('refuses %s', async (_name, text) => {
    const response = await write(text);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.parse(response.body).code).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['Thai with its vowel and tone marks', 'อ่านสนุกมาก ชอบที่สุด'],
    ['a keycap and a flag emoji', 'Chapter 1️⃣ 🏳️‍🌈'],
    ['pointed Hebrew', 'שָׁלוֹם'],
    ['decomposed Vietnamese', 'Truye\u0323\u0302n hay'],
  ])('accepts %s', async (_name, text) => {
    const response = await write(text);
    expect(response.statusCode, response.body).toBeLessThan(300);
  });
});
