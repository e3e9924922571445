import SQLite from 'better-sqlite3';

export interface BenchFixtures {
  /** The least used genre tag: the hard case for a tag-filtered search. */
  tag: string;
  tagBooks: number;
  bookUuid: string;
  bookChapters: number;
  /** A free chapter with a previous and a next chapter, so the content route does its full work. */
  chapterUuid: string;
  chapterNumber: number;
  /** The first paid chapter of the same book (a member's read), also with a previous and a next chapter. */
  paidChapterUuid: string;
  paidChapterNumber: number;
}

/** Picks what the benchmarked URLs point at, from the generated database, before the server opens it. */
export function pickFixtures(sqlitePath: string): BenchFixtures {
  const db = new SQLite(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    const tag = db
      .prepare(
        `SELECT t.name AS name, COUNT(*) AS books FROM book_tags bt
           JOIN tags t ON t.id = bt.tag_id JOIN books b ON b.id = bt.book_id
          WHERE b.is_published = 1 GROUP BY t.id, t.name ORDER BY books ASC, t.id ASC LIMIT 1`,
      )
      .get() as { name: string; books: number } | undefined;
    // A book from the middle of the table, so it is not one the server may have touched at start.
    const book = db
      .prepare(
        `SELECT id, uuid, chapter_count, public_free_chapters FROM books
          WHERE is_published = 1 AND book_type = 'comic' AND chapter_count > 10 AND public_free_chapters >= 2
            AND id >= (SELECT MAX(id) / 2 FROM books)
          ORDER BY id LIMIT 1`,
      )
      .get() as { id: number; uuid: string; chapter_count: number; public_free_chapters: number } | undefined;
    if (!tag || !book) throw new Error(`${sqlitePath} holds no tagged comic with more than 10 chapters and 2 free ones`);
    const chapter = db.prepare('SELECT uuid, number FROM chapters WHERE book_id = ? AND is_published = 1 AND number = 2').get(book.id) as
      { uuid: string; number: number } | undefined;
    if (!chapter) throw new Error(`book ${book.uuid} has no published chapter 2`);
    // public_free_chapters is at most 5 and the book has more than 10 chapters: the next one is paid and not the last.
    const paid = db
      .prepare('SELECT uuid, number FROM chapters WHERE book_id = ? AND is_published = 1 AND number = ?')
      .get(book.id, book.public_free_chapters + 1) as { uuid: string; number: number } | undefined;
    if (!paid) throw new Error(`book ${book.uuid} has no published chapter ${book.public_free_chapters + 1}`);
    return {
      tag: tag.name,
      tagBooks: tag.books,
      bookUuid: book.uuid,
      bookChapters: book.chapter_count,
      chapterUuid: chapter.uuid,
      chapterNumber: chapter.number,
      paidChapterUuid: paid.uuid,
      paidChapterNumber: paid.number,
    };
  } finally {
    db.close();
  }
}
