import SQLite from 'better-sqlite3';

export interface PoolBook {
  uuid: string;
  /** Chapter uuids by number - 1; chapters up to `freeChapters` are free, the rest need a membership. */
  chapters: string[];
  freeChapters: number;
}

/** What the soak's requests point at, read from the generated database before the server opens it. */
export interface SoakPool {
  /** Most popular first: readers crowd onto a few books, so the hot end is picked more often. */
  popular: PoolBook[];
  /** Evenly spread over the catalogue: the long tail, where caches miss. */
  spread: PoolBook[];
  tags: string[];
}

export function loadSoakPool(sqlitePath: string, size = 1000): SoakPool {
  const db = new SQLite(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    const published = 'is_published = 1 AND chapter_count > 0';
    const popularIds = (
      db.prepare(`SELECT id FROM books WHERE ${published} ORDER BY popularity DESC, id LIMIT ?`).all(size) as { id: number }[]
    ).map((row) => row.id);
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM books WHERE ${published}`).get() as { total: number };
    const step = Math.max(1, Math.floor(total / size));
    const spreadIds = (
      db
        .prepare(`SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS n FROM books WHERE ${published}) WHERE n % ? = 0 LIMIT ?`)
        .all(step, size) as { id: number }[]
    ).map((row) => row.id);
    const bookQuery = db.prepare('SELECT uuid, public_free_chapters FROM books WHERE id = ?');
    const chapterQuery = db.prepare('SELECT uuid FROM chapters WHERE book_id = ? AND is_published = 1 ORDER BY number');
    const load = (ids: number[]): PoolBook[] =>
      ids.flatMap((id) => {
        const book = bookQuery.get(id) as { uuid: string; public_free_chapters: number };
        const chapters = (chapterQuery.all(id) as { uuid: string }[]).map((row) => row.uuid);
        return chapters.length > 0
          ? [{ uuid: book.uuid, chapters, freeChapters: Math.min(book.public_free_chapters, chapters.length) }]
          : [];
      });
    const tags = (
      db.prepare('SELECT DISTINCT t.name FROM tags t JOIN book_tags bt ON bt.tag_id = t.id ORDER BY t.name').all() as { name: string }[]
    ).map((row) => row.name);
    const pool = { popular: load(popularIds), spread: load(spreadIds), tags };
    const all = [...pool.popular, ...pool.spread];
    if (!all.some((b) => b.freeChapters > 0) || !all.some((b) => b.chapters.length > b.freeChapters) || tags.length === 0) {
      throw new Error(`${sqlitePath} holds no books with both free and paid chapters, or no tags: too small a catalogue for the soak`);
    }
    return pool;
  } finally {
    db.close();
  }
}
