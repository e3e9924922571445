import type { BookType, ChapterContent, OfflineAccess, ProgressEntry } from '@inkstream/contracts';

/**
 * A chapter saved for reading offline (issue 47), as the IndexedDB store `chapters` keeps it (one
 * record per chapter, keyed by its uuid). The service worker reads `state`, `readable_until` and the
 * `meta` store's clock, and serves the pages from Cache Storage (offline-db.ts has the names).
 */
export interface SavedChapter {
  chapter_uuid: string;
  book_uuid: string;
  /** The language the chapter was asked in (a novel's text may be in its fallback: content.text_language). */
  language: string;
  /** 'saving' until every page is stored: such a record is never shown as saved nor read. */
  state: 'saving' | 'saved';
  /** Epoch ms after which the copy must not open (the membership's end it was saved or re-checked under); null: no end. */
  readable_until: number | null;
  /** What the check said at the save or the last re-check: free, member, granted or admin. */
  access: OfflineAccess;
  saved_at: number;
  checked_at: number;
  /** Pages and text as stored (the Offline screen's sizes). */
  bytes: number;
  /** Images stored under /offline-pages/<chapter_uuid>/<0 … page_count-1>. */
  page_count: number;
  /** Whether the pages are the data saver's lighter ones. */
  lighter: boolean;
  book_title: string;
  book_type: BookType;
  cover_image: string | null;
  chapter_number: number;
  chapter_title: string;
  /** The chapter as the reader shows it, its page URLs those of the offline copy (no other source). */
  content: ChapterContent;
  /** Where the reader was in it last (the Offline screen's links open there). */
  position?: Pick<ProgressEntry, 'page_index' | 'page_offset' | 'text_fraction'> | undefined;
}

/**
 * Where a copy that ended sat in its book (the record is gone): the reader still says why the
 * chapter does not open (the expired notice, and moves on from it), not "not saved".
 */
export interface EndedCopy {
  chapter_uuid: string;
  book_uuid: string;
  book_type: BookType;
  chapter_number: number;
  chapter_title: string;
  title: string;
  prev_chapter_uuid: string | null;
  next_chapter_uuid: string | null;
  /** When it ended here (epoch ms); notes older than ENDED_KEPT_MS go. */
  ended_at: number;
}

/** The records (IndexedDB in the browser, memory in tests). */
export interface OfflineStore {
  get(chapterUuid: string): Promise<SavedChapter | undefined>;
  put(chapter: SavedChapter): Promise<void>;
  remove(chapterUuid: string): Promise<void>;
  all(): Promise<SavedChapter[]>;
  ofBook(bookUuid: string): Promise<SavedChapter[]>;
  /** Raises the stored clock to `now` if it is behind (never lowers it); returns the clock after. */
  advanceClock(now: number): Promise<number>;
  /** A number kept beside the records (`meta` store), such as when free chapters were last checked. */
  readMeta(key: string): Promise<number | undefined>;
  writeMeta(key: string, value: number): Promise<void>;
  /** Notes copies that ended (expired, or no longer readable at a re-check), kept in `meta` as `ended:<chapter_uuid>`. */
  noteEnded(copies: readonly EndedCopy[]): Promise<void>;
  endedCopy(chapterUuid: string): Promise<EndedCopy | undefined>;
  /** Forgets a note (the chapter saved again), or every note that ended before `before`. */
  forgetEnded(which: { chapterUuid: string } | { before: number }): Promise<void>;
}

/** The page images (Cache Storage in the browser, memory in tests). */
export interface PageStore {
  put(chapterUuid: string, index: number, image: Blob): Promise<void>;
  /** Deletes pages 0 … pageCount-1 of a chapter; missing ones are no error. */
  removeChapter(chapterUuid: string, pageCount: number): Promise<void>;
  /** The chapters that have pages stored, with the highest page index + 1 of each (to find pages no record owns). */
  stored(): Promise<Map<string, number>>;
}

export interface OfflineStorage {
  store: OfflineStore;
  pages: PageStore;
}
