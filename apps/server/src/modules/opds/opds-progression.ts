import { ErrorCode, type Language } from '@inkstream/contracts';
import type { AuthUser } from '../../http/request-user.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { ProgressService } from '../library/progress.service.js';
import { userReaderKey } from '../library/reader-key.js';
import type { OpdsPages } from './opds-pages.js';

/**
 * OPDS Progression (the Readium / Cantook progression API, docs/OPDS.md "Progression"): the
 * reader's position in a comic chapter, read and written by apps, kept as the site's own reading
 * position (one per book, `page_index` from 0), so the site's "Continue reading" follows it.
 * Both ways go through the chapter's entitlement first: a chapter the reader cannot read has no
 * position to read or write (403 MEMBERSHIP_REQUIRED, as its pages).
 */

/** Where the reader is in one chapter: the 0-based page, of how many, and when it was saved. */
export interface ChapterPosition {
  pageIndex: number;
  pageCount: number;
  /** ISO 8601. */
  modified: string;
}

/** What an app sends: the 1-based position, else the progression through the chapter (0 to 1). */
export interface PositionUpdate {
  position?: number;
  progression?: number;
  /** When the app was there (its clock); an older position than the stored one does not replace it. */
  modified?: string;
}

export function createOpdsProgression(deps: {
  pages: Pick<OpdsPages, 'chapter' | 'forget'>;
  progress: Pick<ProgressService, 'save' | 'bookProgress'>;
}) {
  const { pages, progress } = deps;

  /** The reader's position in this chapter, or 404 when their book position is elsewhere (or nowhere). */
  async function read(chapterUuid: string, user: AuthUser, language: Language): Promise<ChapterPosition> {
    const chapter = await pages.chapter(chapterUuid, user, language);
    const stored = await progress.bookProgress(chapter.bookUuid, language, userReaderKey(user.id), async () => false);
    const resume = stored.resume;
    if (!resume || resume.chapter_uuid !== chapterUuid || resume.page_index === null || !stored.updated_at || chapter.pages.length === 0) {
      throw notFound(ErrorCode.NOT_FOUND, 'No reading position in this chapter');
    }
    return {
      pageIndex: Math.min(resume.page_index, chapter.pages.length - 1),
      pageCount: chapter.pages.length,
      modified: stored.updated_at,
    };
  }

  /**
   * Records the position an app sends. Backward as well as forward: unlike a page fetch (which
   * only moves the position further on), a PUT is the app saying where the reader is now, and a
   * reader going back to reread a page is there. The position wins over the progression when both
   * are given; a position past the chapter's last page is 400.
   */
  async function write(chapterUuid: string, user: AuthUser, language: Language, update: PositionUpdate): Promise<void> {
    const chapter = await pages.chapter(chapterUuid, user, language);
    const count = chapter.pages.length;
    if (count === 0) throw notFound(ErrorCode.NOT_FOUND, 'This chapter has no pages');
    let pageIndex: number;
    if (update.position !== undefined) {
      if (update.position > count) {
        throw badRequest(ErrorCode.VALIDATION_FAILED, `This chapter has positions 1 to ${count}`, [
          { field: 'locator/locations/position', message: `This chapter has positions 1 to ${count}` },
        ]);
      }
      pageIndex = update.position - 1;
    } else if (update.progression !== undefined) {
      // The page the progression falls in (progression 1, the very end, is the last page).
      pageIndex = Math.min(Math.floor(update.progression * count), count - 1);
    } else {
      throw badRequest(ErrorCode.VALIDATION_FAILED, 'A locator needs locations.position or locations.progression', [
        { field: 'locator/locations', message: 'position or progression is required' },
      ]);
    }
    await progress.save(
      {
        progress: [
          {
            book_uuid: chapter.bookUuid,
            chapter_uuid: chapterUuid,
            page_index: Math.max(0, pageIndex),
            ...(update.modified ? { at: update.modified } : {}),
          },
        ],
      },
      userReaderKey(user.id),
    );
    pages.forget(user.id, chapterUuid);
  }

  return { read, write };
}

export type OpdsProgression = ReturnType<typeof createOpdsProgression>;
