import { toIso } from '../../lib/time.js';
import { bumpCatalogueVersion, setFreeChapters, setRecommendationRank } from '../../modules/catalogue/catalogue-write.repository.js';
import { CliError, parsePositiveInt, printTable, requireUuid } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

export async function bookList(ctx: CliContext, options: { limit?: string; offset?: string }): Promise<void> {
  const limit = options.limit === undefined ? 100 : parsePositiveInt(options.limit, '--limit', { max: 10_000 });
  const offset = options.offset === undefined ? 0 : parsePositiveInt(options.offset, '--offset', { min: 0, max: 10_000_000 });
  const rows = await ctx.db
    .selectFrom('books')
    .leftJoin('book_translations as t', (join) =>
      join.onRef('t.book_id', '=', 'books.id').onRef('t.language', '=', 'books.original_language'),
    )
    .select([
      'books.uuid',
      't.title',
      'books.book_type',
      'books.chapter_count',
      'books.public_free_chapters',
      'books.recommendation_rank',
      'books.is_published',
      'books.updated_at',
    ])
    .orderBy('books.id')
    .limit(limit)
    .offset(offset)
    .execute();
  printTable(
    rows.map((b) => ({
      uuid: b.uuid,
      title: b.title,
      type: b.book_type,
      chapters: b.chapter_count,
      free: b.public_free_chapters,
      rank: b.recommendation_rank,
      published: b.is_published ? 'yes' : 'no',
      updated_at: toIso(b.updated_at),
    })),
    ctx.write,
  );
}

export async function bookSetFree(ctx: CliContext, args: string[]): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  const count = parsePositiveInt(args[1], 'n (free chapters)', { min: 0, max: 100_000 });
  if (!(await setFreeChapters(ctx.db, uuid, count))) throw new CliError(`no book ${uuid}`, 1);
  await bumpCatalogueVersion(ctx.db);
  ctx.write(`book ${uuid}: the first ${count} chapter(s) are now free`);
}

export async function bookRecommend(ctx: CliContext, args: string[], options: { rank?: string; remove?: boolean }): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  let rank: number | null;
  if (options.remove) {
    rank = null;
  } else if (options.rank !== undefined) {
    rank = parsePositiveInt(options.rank, '--rank', { max: 1_000_000 });
  } else {
    const row = await ctx.db
      .selectFrom('books')
      .select((eb) => eb.fn.max('recommendation_rank').as('top'))
      .executeTakeFirst();
    rank = Number(row?.top ?? 0) + 1;
  }
  if (!(await setRecommendationRank(ctx.db, uuid, rank))) throw new CliError(`no book ${uuid}`, 1);
  ctx.write(rank === null ? `book ${uuid} is no longer recommended` : `book ${uuid} is recommended at rank ${rank}`);
}
