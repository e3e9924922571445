import { READING_DIRECTIONS, READING_MODES, type AdminBookReadingBody } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { CLI_ACTOR } from '../../modules/audit/audit.service.js';
import { listBooksInIdOrder } from '../../modules/catalogue/catalogue-admin.repository.js';
import { CliError, parsePositiveInt, printTable, requireUuid } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

export async function bookList(ctx: CliContext, options: { limit?: string; offset?: string }): Promise<void> {
  const limit = options.limit === undefined ? 100 : parsePositiveInt(options.limit, '--limit', { max: 10_000 });
  const offset = options.offset === undefined ? 0 : parsePositiveInt(options.offset, '--offset', { min: 0, max: 10_000_000 });
  const rows = await listBooksInIdOrder(ctx.db, limit, offset);
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

/** The console's rules apply (and the change is audited as `cli`); an unknown book exits with 1. */
async function asCli<T>(uuid: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw new CliError(`no book ${uuid}`, 1);
    if (error instanceof AppError) throw new CliError(error.details?.map((d) => `${d.field}: ${d.message}`).join('; ') || error.message, 1);
    throw error;
  }
}

export async function bookSetFree(ctx: CliContext, args: string[]): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  const count = parsePositiveInt(args[1], 'n (free chapters)', { min: 0, max: 100_000 });
  await asCli(uuid, () => ctx.books.update(CLI_ACTOR, uuid, { public_free_chapters: count }));
  ctx.write(`book ${uuid}: the first ${count} chapter(s) are now free`);
}

/**
 * The carousel is an ordered list (as in the console): `--rank N` puts the book at place N,
 * `--remove` takes it out, and without either it goes last.
 */
export async function bookRecommend(ctx: CliContext, args: string[], options: { rank?: string; remove?: boolean }): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  const rank = options.rank === undefined ? null : parsePositiveInt(options.rank, '--rank', { max: 1_000_000 });
  const order = (await ctx.books.recommendations()).map((book) => book.book_uuid).filter((other) => other !== uuid);
  if (!options.remove) order.splice(rank === null ? order.length : Math.min(rank - 1, order.length), 0, uuid);
  await asCli(uuid, () => ctx.books.setRecommendations(CLI_ACTOR, order));
  ctx.write(options.remove ? `book ${uuid} is no longer recommended` : `book ${uuid} is recommended at rank ${order.indexOf(uuid) + 1}`);
}

export const BOOK_READING_HELP = [
  'Sets how the book is read (issue 45): the direction its pages turn and the mode the reader opens',
  'it in; each reader may still choose otherwise for themselves. Audited as `book.reading` (cli).',
  '',
  '  --direction ltr|rtl          ltr: left to right; rtl: right to left (manga)',
  '  --mode strip|single|double   strip: one long strip (webtoons); single: page by page; double: two pages side by side',
  '',
  'Without either option it prints the current settings.',
].join('\n');

/** `book reading <book_uuid> [--direction ltr|rtl] [--mode strip|single|double]`: prints the settings after the change. */
export async function bookReading(ctx: CliContext, args: string[], options: { direction?: string; mode?: string }): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  const body: AdminBookReadingBody = {};
  if (options.direction !== undefined) {
    if (!(READING_DIRECTIONS as readonly string[]).includes(options.direction)) {
      throw new CliError(`--direction must be ${READING_DIRECTIONS.join(' or ')}`);
    }
    body.direction = options.direction as AdminBookReadingBody['direction'];
  }
  if (options.mode !== undefined) {
    if (!(READING_MODES as readonly string[]).includes(options.mode)) throw new CliError(`--mode must be ${READING_MODES.join(', ')}`);
    body.mode = options.mode as AdminBookReadingBody['mode'];
  }
  const detail = await asCli(uuid, () =>
    Object.keys(body).length === 0 ? ctx.books.detail(uuid) : ctx.books.setReading(CLI_ACTOR, uuid, body),
  );
  ctx.write(`book ${uuid}: direction ${detail.reading.direction}, mode ${detail.reading.mode}`);
}
