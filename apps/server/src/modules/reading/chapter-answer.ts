import type { ChapterContent, PageImage } from '@inkstream/contracts';
import type { SharedChapter } from './shared-chapter.js';

/**
 * A chapter content answer (`{"data":{"result":ChapterContent}}`) as JSON text, cut around its two
 * per-reader fields. The rest is the same for every reader of a shared part (and, for a paid
 * chapter, of one signing epoch), so it is serialised once and kept with the part: a member's read
 * then only writes `already_favor` and `total_likes` between the two halves. Serialising the whole
 * answer on every request was about a tenth of a member's read (measured), more for a novel's text.
 */
export interface AnswerParts {
  /** Up to and including `"already_favor":`. */
  head: string;
  /** From the comma after `total_likes`'s value to the end. */
  tail: string;
}

type SharedFields = Omit<ChapterContent, 'already_favor' | 'total_likes'>;

export function answerParts(shared: SharedChapter, pages: PageImage[]): AnswerParts {
  // Field for field what the ChapterContent schema lists, in its order; nothing else may be added.
  const before: Pick<SharedFields, 'chapter_number' | 'chapter_title' | 'title' | 'images' | 'prev_chapter_uuid' | 'next_chapter_uuid'> = {
    chapter_number: shared.number,
    chapter_title: shared.chapterTitle,
    title: shared.title,
    images: pages.map((page) => page.url),
    prev_chapter_uuid: shared.prev,
    next_chapter_uuid: shared.next,
  };
  const after: Omit<SharedFields, keyof typeof before> = {
    book_uuid: shared.bookUuid,
    chapter_uuid: shared.chapterUuid,
    pages,
    book_type: shared.bookType,
    text: shared.text,
    text_language: shared.textLanguage,
    text_languages: shared.textLanguages,
    reading: { direction: shared.reading.direction, mode: shared.reading.mode },
  };
  const head = `{"data":{"result":${JSON.stringify(before).slice(0, -1)},"already_favor":`;
  const tail = `,${JSON.stringify(after).slice(1)}}}`;
  return { head, tail };
}

/** The whole answer for one reader. */
export const answerJson = (parts: AnswerParts, liked: boolean, totalLikes: number): string =>
  `${parts.head}${liked ? 'true' : 'false'},"total_likes":${Math.trunc(totalLikes)}${parts.tail}`;
