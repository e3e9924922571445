import {
  CONTENT_DESCRIPTORS,
  CONTENT_RATINGS,
  READING_DIRECTIONS,
  READING_MODES,
  type AdminBookReadingBody,
  type ContentDescriptorValue,
  type ContentRatingValue,
  type PublishingSchedule,
} from '@inkstream/contracts';
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

const WEEKDAY_WORDS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export const BOOK_PUBLISHING_HELP = [
  'Sets the days and time the book usually publishes on (issue 46): readers see them in the release',
  'calendar, converted to their own time zone, and on the book page. Audited as `book.publishing` (cli).',
  '',
  '  --days mon,tue,…|none   the weekdays (mon tue wed thu fri sat sun); none: no regular days',
  '  --time HH:MM|none       the time on those days; none: no set time',
  '  --time-zone ZONE        an IANA time zone of the time, e.g. Asia/Shanghai (default: as it was)',
  '',
  'Options not given keep their value; without any it prints the current schedule.',
].join('\n');

const describeSchedule = (schedule: PublishingSchedule) =>
  schedule.days.length === 0
    ? 'no regular days'
    : `${schedule.days.map((day) => WEEKDAY_WORDS[day - 1]).join(',')} ${schedule.time ?? '(no set time)'} ${schedule.time_zone}`;

/** `book publishing <book_uuid> [--days …] [--time …] [--time-zone …]`: prints the schedule after the change. */
export async function bookPublishing(
  ctx: CliContext,
  args: string[],
  options: { days?: string; time?: string; 'time-zone'?: string },
): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  const current = await asCli(uuid, () => ctx.books.detail(uuid));
  const next: PublishingSchedule = { ...current.publishing };
  if (options.days !== undefined) {
    const words =
      options.days.toLowerCase() === 'none'
        ? []
        : options.days
            .toLowerCase()
            .split(',')
            .map((word) => word.trim());
    const days = words.map((word) => WEEKDAY_WORDS.indexOf(word.slice(0, 3)) + 1);
    if (days.some((day) => day === 0)) throw new CliError(`--days must be weekdays such as mon,thu (or none), not ${options.days}`);
    next.days = [...new Set(days)];
  }
  if (options.time !== undefined) {
    if (options.time !== 'none' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(options.time))
      throw new CliError('--time must be HH:MM (00:00 to 23:59) or none');
    next.time = options.time === 'none' ? null : options.time;
  }
  if (options['time-zone'] !== undefined) next.time_zone = options['time-zone'];
  const changed = options.days !== undefined || options.time !== undefined || options['time-zone'] !== undefined;
  const detail = changed ? await asCli(uuid, () => ctx.books.update(CLI_ACTOR, uuid, { publishing: next })) : current;
  ctx.write(`book ${uuid}: publishes ${describeSchedule(detail.publishing)}`);
}

/** `book ranking <book_uuid> [--exclude | --include]`: keeps the book out of the rankings or lets it back (audited as book.ranking). */
export async function bookRanking(ctx: CliContext, args: string[], options: { exclude?: boolean; include?: boolean }): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  if (options.exclude && options.include) throw new CliError('give --exclude or --include, not both');
  const detail =
    options.exclude || options.include
      ? await asCli(uuid, () => ctx.books.update(CLI_ACTOR, uuid, { ranking_excluded: options.exclude === true }))
      : await asCli(uuid, () => ctx.books.detail(uuid));
  ctx.write(`book ${uuid}: ${detail.ranking_excluded ? 'excluded from the rankings' : 'in the rankings'}`);
}

/**
 * Issue 61: `book rating <book_uuid> [--rating all_ages|teen|mature|adult] [--descriptors a,b|none]`:
 * the book's content rating and descriptors, audited as a console edit (without options: show them).
 */
export async function bookRating(ctx: CliContext, args: string[], options: { rating?: string; descriptors?: string }): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  const body: { content_rating?: ContentRatingValue; content_descriptors?: ContentDescriptorValue[] } = {};
  if (options.rating !== undefined) {
    if (!(CONTENT_RATINGS as readonly string[]).includes(options.rating))
      throw new CliError(`--rating must be ${CONTENT_RATINGS.join(', ')}`);
    body.content_rating = options.rating as ContentRatingValue;
  }
  if (options.descriptors !== undefined) {
    const words = options.descriptors === 'none' ? [] : options.descriptors.split(',').map((word) => word.trim());
    const unknown = words.filter((word) => !(CONTENT_DESCRIPTORS as readonly string[]).includes(word));
    if (unknown.length > 0)
      throw new CliError(`--descriptors takes ${CONTENT_DESCRIPTORS.join(', ')} (or none), not ${unknown.join(', ')}`);
    body.content_descriptors = [...new Set(words)] as ContentDescriptorValue[];
  }
  const detail =
    Object.keys(body).length > 0
      ? await asCli(uuid, () => ctx.books.update(CLI_ACTOR, uuid, body))
      : await asCli(uuid, () => ctx.books.detail(uuid));
  ctx.write(`book ${uuid}: rated ${detail.content_rating}; descriptors: ${detail.content_descriptors.join(', ') || 'none'}`);
}
