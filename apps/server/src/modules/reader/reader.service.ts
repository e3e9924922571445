import { ErrorCode, type ChapterContent, type ChapterContentParams, type PageImage, type PageSource } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { pickTranslation, resolveLanguage } from '../../lib/language.js';
import type { MediaUrls } from '../media/media-urls.js';
import type { MembershipService } from '../membership/membership.service.js';
import type { AuthUser } from '../users/users.service.js';
import * as repo from './reader.repository.js';

type PageRow = Awaited<ReturnType<typeof repo.findPages>>[number];

const chapterNotFound = () => notFound(ErrorCode.CHAPTER_NOT_FOUND, 'This chapter does not exist');

export function createReaderService(deps: { db: Db; membership: MembershipService; media: MediaUrls; now?: () => number }) {
  const { db, membership, media } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Free chapters (number ≤ public_free_chapters) are open to everyone; the rest need a running
   * membership. Administrators read everything so they can check content.
   */
  async function assertEntitled(user: AuthUser | null, chapterNumber: number, freeChapters: number): Promise<void> {
    if (chapterNumber <= freeChapters || user?.role === 'admin') return;
    const state = await membership.getState(user?.id ?? null);
    if (state === 'member') return;
    if (state === 'expired') {
      throw new AppError(ErrorCode.MEMBERSHIP_EXPIRED, 403, 'Your membership has expired; top up to keep reading');
    }
    throw new AppError(ErrorCode.MEMBERSHIP_REQUIRED, 403, 'This chapter is only open to members');
  }

  async function chapterContent(params: ChapterContentParams, user: AuthUser | null): Promise<ChapterContent> {
    const language = resolveLanguage(params.language);
    const chapter = await repo.findReadableChapter(db, params.chapterUuid);
    if (!chapter) throw chapterNotFound();
    const isFree = chapter.number <= chapter.public_free_chapters;
    await assertEntitled(user, chapter.number, chapter.public_free_chapters);

    const pageLanguage = await choosePageLanguage(chapter.chapter_id, language, chapter.original_language);
    const isNovel = chapter.book_type === 'novel';
    const [chapterTitles, bookTitles, pages, text, prev, next, liked] = await Promise.all([
      repo.findChapterTitles(db, chapter.chapter_id),
      repo.findBookTitles(db, chapter.book_id),
      pageLanguage ? repo.findPages(db, chapter.chapter_id, pageLanguage) : Promise.resolve([]),
      isNovel ? repo.findChapterText(db, chapter.chapter_id, language, chapter.original_language) : Promise.resolve(undefined),
      repo.findNeighbourUuid(db, chapter.book_id, chapter.number, 'prev'),
      repo.findNeighbourUuid(db, chapter.book_id, chapter.number, 'next'),
      user ? repo.hasLiked(db, user.id, chapter.chapter_id) : Promise.resolve(false),
    ]);
    const pageImages = pages.map((page) => pageImage(page, isFree));
    return {
      chapter_number: chapter.number,
      chapter_title: pickTranslation(chapterTitles, language, chapter.original_language)?.title ?? '',
      title: pickTranslation(bookTitles, language, chapter.original_language)?.title ?? '',
      images: pageImages.map((page) => page.url),
      prev_chapter_uuid: prev,
      next_chapter_uuid: next,
      already_favor: liked,
      total_likes: chapter.total_likes,
      book_uuid: chapter.book_uuid,
      chapter_uuid: chapter.chapter_uuid,
      pages: pageImages,
      book_type: chapter.book_type,
      text: text?.html ?? null,
      text_language: text?.language ?? null,
    };
  }

  /**
   * A page with its smaller variants, best first. Free pages are public; a paid page's every key
   * gets its own signature, since the media route checks the signature against the exact key asked.
   */
  function pageImage(page: PageRow, isFree: boolean): PageImage {
    const urlOf = isFree ? media.publicUrl : media.signedUrl;
    const variants: [PageSource['type'], string | null][] = [
      ['image/avif', page.avif_key],
      ['image/webp', page.webp_key],
    ];
    const sources = variants.flatMap(([type, key]) => (key ? [{ type, url: urlOf(key) }] : []));
    return { url: urlOf(page.media_key), width: page.width, height: page.height, ...(sources.length > 0 ? { sources } : {}) };
  }

  /** Pages in the asked language when that edition exists, else the original, else any edition. */
  async function choosePageLanguage(chapterId: number, language: string, original: string): Promise<string | undefined> {
    const languages = await repo.findPageLanguages(db, chapterId);
    if (languages.includes(language)) return language;
    if (languages.includes(original)) return original;
    return languages[0];
  }

  async function like(user: AuthUser, bookUuid: string, chapterUuid: string): Promise<{ already_favor: true; total_likes: number }> {
    const chapter = await repo.findChapterOfBook(db, bookUuid, chapterUuid);
    if (!chapter) throw chapterNotFound();
    const totalLikes = await db.transaction().execute(async (trx) => {
      if (await repo.insertLikeOnce(trx, user.id, chapter.chapter_id, now())) {
        await repo.incrementLikeCounters(trx, chapter.book_id, chapter.chapter_id);
      }
      return repo.chapterLikes(trx, chapter.chapter_id);
    });
    return { already_favor: true, total_likes: totalLikes };
  }

  return { chapterContent, like, isPublicPage: (key: string) => repo.isPublicPage(db, key) };
}

export type ReaderService = ReturnType<typeof createReaderService>;
