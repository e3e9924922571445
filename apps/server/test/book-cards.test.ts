import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookCards } from '../src/modules/catalogue/book-cards.js';
import { bookChanged, createBook, createUser, authHeader } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/** A catalogue version the test moves by hand, as a publish on this or another node would. */
function versionSource() {
  let version = 'v1';
  const listeners = new Set<(version: string) => void>();
  return {
    get: async () => version,
    peek: () => version,
    subscribe(listener: (version: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    move(next: string) {
      version = next;
      for (const listener of listeners) listener(next);
    },
  };
}

describe('book cards kept in memory', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const setLikes = (id: number, likes: number) => ctx.db.updateTable('books').set({ total_likes: likes }).where('id', '=', id).execute();

  it('answers a card from memory while the version stays and within its time, and reads it again after', async () => {
    const book = await createBook(ctx, { titles: { 'en-us': 'Kept Card', 'zh-cn': '留卡' }, totalLikes: 3 });
    const versions = versionSource();
    const kept = createBookCards(ctx.db, versions, { ttlMs: 60_000 });
    const first = await kept.get([book.id]);
    expect(first.get(book.id)?.book.total_likes).toBe(3);
    expect(
      first
        .get(book.id)
        ?.titles.map((t) => t.title)
        .sort(),
    ).toEqual(['Kept Card', '留卡']);

    await setLikes(book.id, 4);
    // Likes do not move the version: the kept card answers (within ttlMs).
    expect((await kept.get([book.id])).get(book.id)?.book.total_likes).toBe(3);
    // A new version drops every card.
    versions.move('v2');
    expect((await kept.get([book.id])).get(book.id)?.book.total_likes).toBe(4);

    // A card past its time is read again.
    const shortLived = createBookCards(ctx.db, versions, { ttlMs: 1 });
    expect((await shortLived.get([book.id])).get(book.id)?.book.total_likes).toBe(4);
    await setLikes(book.id, 5);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await shortLived.get([book.id])).get(book.id)?.book.total_likes).toBe(5);
  });

  it('sweeps out expired cards on a later read, not only the ones asked for again', async () => {
    const books = [await createBook(ctx), await createBook(ctx), await createBook(ctx)];
    const cards = createBookCards(ctx.db, versionSource(), { ttlMs: 20 });
    await cards.get(books.map((book) => book.id));
    expect(cards.size()).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Only the first book is asked for: the other two expired cards leave memory too.
    expect((await cards.get([books[0]!.id])).size).toBe(1);
    expect(cards.size()).toBe(1);
  });

  it('does not keep a card read while the version moved', async () => {
    const book = await createBook(ctx, { totalLikes: 1 });
    const versions = versionSource();
    let moveDuringRead = true;
    // The version is read before the rows; moving it on that read stands for a change committed meanwhile.
    const racing = {
      ...versions,
      get: async () => {
        const version = await versions.get();
        if (moveDuringRead) {
          moveDuringRead = false;
          queueMicrotask(() => versions.move('v2'));
        }
        return version;
      },
    };
    const cards = createBookCards(ctx.db, racing, { ttlMs: 60_000 });
    expect((await cards.get([book.id])).get(book.id)?.book.total_likes).toBe(1);
    await setLikes(book.id, 2);
    expect((await cards.get([book.id])).get(book.id)?.book.total_likes).toBe(2);
  });

  it('leaves out books that no longer exist', async () => {
    const cards = createBookCards(ctx.db, versionSource());
    const found = await cards.get([987_654_321]);
    expect(found.size).toBe(0);
  });

  it('shows a book’s new title in the next search once the catalogue version moved (a signed-in request: not the public cache)', async () => {
    const user = await createUser(ctx);
    const book = await createBook(ctx, { titles: { 'en-us': 'Lanternfish Almanac' } });
    const search = (q: string) =>
      ctx.app.inject({
        url: `/api/v1/comics/book/search?language=en-us&page=0&page_size=10&q=${encodeURIComponent(q)}`,
        headers: authHeader(user),
      });
    const before = (await search('lanternfish')).json().data.result;
    expect(before.map((b: { book_title: string }) => b.book_title)).toContain('Lanternfish Almanac');
    await ctx.db.updateTable('book_translations').set({ title: 'Lanternfish Almanack' }).where('book_id', '=', book.id).execute();
    await bookChanged(ctx, book.id);
    const after = (await search('lanternfish')).json().data.result;
    expect(after.map((b: { book_title: string }) => b.book_title)).toContain('Lanternfish Almanack');
  });
});
