import { randomUUID } from 'node:crypto';
import type { ContentDescriptorValue, ContentRatingValue } from '@inkstream/contracts';
import sharp from 'sharp';
import { insertBook, insertChapter } from '../../src/modules/catalogue/catalogue-write.repository.js';
import { contentHash } from '../../src/modules/media/media-storage.js';
import { insertGrantOnce } from '../../src/modules/membership/membership.repository.js';
import { hashPassword } from '../../src/modules/users/password.js';
import { insertUserIfNameFree } from '../../src/modules/users/users.repository.js';
import { usernameSkeleton } from '../../src/modules/users/username-skeleton.js';
import { usernameKey } from '../../src/modules/users/users.service.js';
import { DAY_MS } from '../../src/lib/time.js';
import type { TestContext } from './test-context.js';

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter += 1)}`;

let ipCounter = 0;
/** A fresh client address for each request, so tests not about rate limits never hit the per-IP limits. */
export function nextClientIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 62_500) % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers read field by field
export type Injected = { statusCode: number; json: () => any; body: string };

/** POST /api/v1<url> with a JSON body, from a fresh client address unless `ip` names one. */
export const postApi = (
  ctx: TestContext,
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  ip = nextClientIp(),
) => ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: ip }) as Promise<Injected>;

/** A call of /api/v1<url> as `user` (or a visitor), from a fresh client address. */
export const callApi = (
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: { token: string } | null,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? authHeader(user) : {},
    remoteAddress: nextClientIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

export interface TestUser {
  id: number;
  uuid: string;
  username: string;
  password: string;
  token: string;
}

/** Creates a user directly and logs in through the API, so the token is a real one. */
export async function createUser(
  ctx: TestContext,
  options: { username?: string; password?: string; role?: 'user' | 'admin' } = {},
): Promise<TestUser> {
  const username = options.username ?? `user${unique()}`;
  const password = options.password ?? 'secret-pass-1';
  const uuid = randomUUID();
  const id = await insertUserIfNameFree(ctx.db, {
    uuid,
    username,
    username_key: usernameKey(username),
    username_skeleton: usernameSkeleton(username),
    password_hash: await hashPassword(password),
    role: options.role ?? 'user',
    invite_code: `T${unique()}`.toUpperCase().slice(0, 12),
    invited_by: null,
    user_type: 'inkstream',
    created_at: Date.now(),
  });
  if (id === null) throw new Error(`username ${username} taken`);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { username, password },
    remoteAddress: nextClientIp(),
  });
  return { id, uuid, username, password, token: response.json().data.jwt_token };
}

/**
 * A user (createUser) with the address `<username>@example.com` set directly, confirmed unless told
 * otherwise, and `language` as the language of their messages (en-us by default).
 */
export async function createUserWithEmail(
  ctx: TestContext,
  options: { confirmed?: boolean; language?: string; role?: 'user' | 'admin' } = {},
): Promise<TestUser & { email: string }> {
  const user = await createUser(ctx, options.role ? { role: options.role } : {});
  const email = `${user.username}@example.com`;
  await ctx.db
    .updateTable('users')
    .set({
      email,
      email_key: email.toLowerCase(),
      email_confirmed_at: options.confirmed === false ? null : Date.now(),
      language: options.language ?? 'en-us',
    })
    .where('id', '=', user.id)
    .execute();
  return { ...user, email };
}

/** Adds a grant that runs from `startDaysAgo` for `days` days (negative end = already expired). */
export async function grantMembership(ctx: TestContext, userId: number, options: { days: number; startDaysAgo?: number }): Promise<void> {
  const start = Date.now() - (options.startDaysAgo ?? 0) * DAY_MS;
  await insertGrantOnce(ctx.db, {
    user_id: userId,
    source: 'admin',
    source_ref: randomUUID(),
    starts_at: start,
    ends_at: start + options.days * DAY_MS,
    created_at: start,
    grant_months: null,
    grant_days: options.days,
  });
}

let tinyImage: Promise<Buffer> | undefined;
const pageImage = () =>
  (tinyImage ??= sharp({ create: { width: 16, height: 24, channels: 3, background: '#884422' } })
    .webp()
    .toBuffer());

export interface TestBook {
  id: number;
  uuid: string;
  coverKey: string;
  chapters: { id: number; uuid: string; number: number; pageKeys: string[] }[];
}

export interface BookOptions {
  chapters?: number;
  freeChapters?: number;
  tags?: string[];
  alternateTitles?: { title: string; language: string | null }[];
  titles?: Record<string, string>;
  /** Per language; `About <title>` otherwise. */
  introductions?: Record<string, string>;
  /** The English chapter titles; `Chapter <n>` otherwise. */
  chapterTitle?: (number: number) => string;
  originalLanguage?: string;
  updatedAt?: number;
  popularity?: number;
  totalLikes?: number;
  recommendationRank?: number | null;
  isPublished?: boolean;
  pagesPerChapter?: number;
  bookType?: 'comic' | 'novel';
  author?: string | null;
  status?: 'ongoing' | 'completed';
  /** A novel chapter's text (sanitised HTML, in English) instead of pages. */
  chapterText?: (number: number) => string;
  /** Issue 61: the content rating and descriptors (all ages, none, when not told). */
  contentRating?: ContentRatingValue;
  contentDescriptors?: ContentDescriptorValue[];
  /** The language chapterText is stored in (en-us when not told). */
  textLanguage?: string;
  /** More editions of a novel chapter's text, by language, beside chapterText's. */
  moreTexts?: (number: number) => Record<string, string>;
}

/** A book with chapters whose pages exist in storage (tiny real WebP files). */
export async function createBook(ctx: TestContext, options: BookOptions = {}): Promise<TestBook> {
  const bytes = await pageImage();
  const createdAt = (options.updatedAt ?? Date.now()) - 1000 * DAY_MS;
  const uuid = randomUUID();
  const coverKey = `covers/${uuid}/${contentHash(bytes)}.webp`;
  await ctx.storage.put(coverKey, bytes, 'image/webp');
  const titles = options.titles ?? { 'en-us': `Book ${unique()}`, 'zh-cn': `书 ${unique()}` };
  const book = await insertBook(ctx.db, {
    uuid,
    book_type: options.bookType ?? 'comic',
    original_language: options.originalLanguage ?? 'en-us',
    author: options.author ?? null,
    ...(options.status ? { status: options.status } : {}),
    cover_key: coverKey,
    ...(options.freeChapters !== undefined ? { public_free_chapters: options.freeChapters } : {}),
    recommendation_rank: options.recommendationRank ?? null,
    is_published: options.isPublished ?? true,
    popularity: options.popularity ?? 0,
    total_likes: options.totalLikes ?? 0,
    created_at: createdAt,
    updated_at: options.updatedAt ?? Date.now(),
    translations: Object.entries(titles).map(([language, title]) => ({
      language,
      title,
      introduction: options.introductions?.[language] ?? `About ${title}`,
    })),
    tags: options.tags ?? [],
    ...(options.alternateTitles ? { alternate_titles: options.alternateTitles } : {}),
    ...(options.contentRating ? { content_rating: options.contentRating } : {}),
    ...(options.contentDescriptors ? { content_descriptors: options.contentDescriptors } : {}),
  });
  const chapters: TestBook['chapters'] = [];
  const count = options.chapters ?? 0;
  for (let number = 1; number <= count; number += 1) {
    const chapterUuid = randomUUID();
    const pageKeys = Array.from(
      { length: options.pagesPerChapter ?? 2 },
      (_, i) => `pages/${uuid}/${chapterUuid}/en-us/${i}-${contentHash(bytes)}.webp`,
    );
    for (const key of pageKeys) await ctx.storage.put(key, bytes, 'image/webp');
    const chapterCreatedAt = number === count && options.updatedAt ? options.updatedAt : createdAt + number * 60_000;
    const chapter = await insertChapter(ctx.db, {
      uuid: chapterUuid,
      book_id: book.id,
      number,
      created_at: chapterCreatedAt,
      translations: [
        { language: 'en-us', title: options.chapterTitle?.(number) ?? `Chapter ${number}` },
        { language: 'zh-cn', title: `第${number}话` },
      ],
      pages: options.chapterText ? [] : pageKeys.map((media_key) => ({ language: 'en-us', media_key, width: 800, height: 1200 })),
      ...(options.chapterText
        ? {
            texts: [
              { language: options.textLanguage ?? 'en-us', html: options.chapterText(number), word_count: 100 },
              ...Object.entries(options.moreTexts?.(number) ?? {}).map(([language, html]) => ({ language, html, word_count: 100 })),
            ],
          }
        : {}),
    });
    chapters.push({ id: chapter.id, uuid: chapter.uuid, number, pageKeys });
  }
  await bookChanged(ctx, book.id);
  return { id: book.id, uuid, coverKey, chapters };
}

/**
 * Says a book changed, as a write the test made straight to the tables would (in a transaction of
 * the domain events, as the server's writes do): the catalogue version moves, the caches drop.
 */
export async function bookChanged(ctx: Pick<TestContext, 'app'>, bookId: number): Promise<void> {
  await ctx.app.domainEvents.transact((trx) => ctx.app.domainEvents.raise(trx, { type: 'book-changed', bookId }));
}

/** A reading_progress row: `readerKey` on the first page of chapter `chapterId` of `bookId`, last moved at `at` (ms). */
export const progressRow = (readerKey: string, bookId: number, chapterId: number, at: number) => ({
  reader_key: readerKey,
  book_id: bookId,
  chapter_id: chapterId,
  page_index: 0,
  page_offset: null,
  text_fraction: null,
  updated_at: at,
});

export const authHeader = (user: { token: string }) => ({ authorization: `Token ${user.token}` });
