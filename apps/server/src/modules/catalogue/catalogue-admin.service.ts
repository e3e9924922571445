import {
  ErrorCode,
  type AdminBookCreateBody,
  type AdminBookDetail,
  type AdminBookItem,
  type AdminBookListQuery,
  type AdminBookReadingBody,
  type AdminBookUpdateBody,
  type Paged,
} from '@inkstream/contracts';
import { descriptorsOf, ratingOf, storedDescriptors } from '../access/content-rating.js';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError, type ErrorDetail } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { ImageDecodeError } from '../media/image-pipeline.js';
import { storeCover } from '../media/page-store.js';
import type { MediaStorage } from '../media/media-storage.js';
import type { MediaUrls } from '../media/media-urls.js';
import * as read from './catalogue-admin.repository.js';
import { prepareUploadedCover } from './cover-upload.js';
import { findAlternateTitlesByBook, findBookTranslations, findTagNamesByBook } from './catalogue.repository.js';
import { cleanAlternateTitles, type AlternateTitleInput, type CleanAlternateTitle } from './alternate-titles.js';
import { consoleTitles } from './console-titles.js';
import * as write from './catalogue-write.repository.js';
import type { BookSearch } from '../search/book-search.js';
import { findCreatorsOfBooks } from './creators.repository.js';
import { publishingChanges, publishingOf } from './schedule-settings.js';

export interface CatalogueAdminDeps {
  db: Db;
  /** Every change here is a transaction of it that raises `book-changed` (the catalogue version moves). */
  domainEvents: DomainEvents;
  audit: AuditService;
  media: MediaUrls;
  storage: MediaStorage;
  /** The free-chapter count of a new book when the form gives none (site settings). */
  defaultFreeChapters: () => Promise<number>;
  /** The site's book search: the console's title search asks it, drafts included. */
  search: BookSearch;
  now?: () => number;
}

type BookRow = NonNullable<Awaited<ReturnType<typeof read.findBookByUuid>>>;
type Titles = Record<string, string>;

const bookNotFound = () => new AppError(ErrorCode.BOOK_NOT_FOUND, 404, 'Book not found');
const invalid = (details: ErrorDetail[]) => new AppError(ErrorCode.VALIDATION_FAILED, 400, details[0]!.message, details);
const entries = (map: Partial<Record<string, string>> | undefined) =>
  Object.entries(map ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);

/** Books in the console: list, create, edit, cover, publish, recommendation carousel. Every change is audited. */
export function createCatalogueAdminService(deps: CatalogueAdminDeps) {
  const { db, audit } = deps;
  const now = deps.now ?? Date.now;
  const { transact } = deps.domainEvents;
  const coverUrl = (key: string | null) => (key ? deps.media.publicUrl(key) : null);

  async function presentItems(executor: DbExecutor, rows: BookRow[], language?: string): Promise<AdminBookItem[]> {
    const titles = await consoleTitles(executor, rows, language);
    return rows.map((row) => {
      const shown = titles.get(row.id);
      return {
        book_uuid: row.uuid,
        title: shown?.title ?? '',
        language: shown?.language ?? row.original_language,
        book_type: row.book_type,
        author: row.author,
        status: row.status,
        chapter_count: row.chapter_count,
        public_free_chapters: row.public_free_chapters,
        is_published: row.is_published === 1,
        import_pending: row.import_pending === 1,
        recommendation_rank: row.recommendation_rank,
        cover_image: coverUrl(row.cover_key),
        updated_at: toIso(row.updated_at),
        reading: { direction: row.reading_direction, mode: row.reading_mode },
        content_rating: ratingOf(row.content_rating),
      };
    });
  }

  async function presentDetail(executor: DbExecutor, row: BookRow, language?: string): Promise<AdminBookDetail> {
    const [translations, tags, titles, alternates, creators] = await Promise.all([
      findBookTranslations(executor, [row.id]),
      findTagNamesByBook(executor, [row.id]),
      consoleTitles(executor, [row], language),
      findAlternateTitlesByBook(executor, [row.id]),
      findCreatorsOfBooks(executor, [row.id]),
    ]);
    const artists = creators.filter((creator) => creator.role === 'artist').map((creator) => creator.name);
    const shown = titles.get(row.id);
    return {
      book_uuid: row.uuid,
      title: shown?.title ?? '',
      title_language: shown?.language ?? row.original_language,
      original_language: row.original_language as AdminBookDetail['original_language'],
      titles: Object.fromEntries(translations.map((t) => [t.language, t.title])),
      introductions: Object.fromEntries(translations.map((t) => [t.language, t.introduction])),
      tags: tags.get(row.id) ?? [],
      alternate_titles: alternates.get(row.id) ?? [],
      book_type: row.book_type,
      author: row.author,
      artist: artists.length > 0 ? artists.join(' & ') : null,
      status: row.status,
      public_free_chapters: row.public_free_chapters,
      is_published: row.is_published === 1,
      import_pending: row.import_pending === 1,
      recommendation_rank: row.recommendation_rank,
      chapter_count: row.chapter_count,
      publishing: publishingOf(row),
      ranking_excluded: row.ranking_excluded === 1,
      cover_image: coverUrl(row.cover_key),
      created_at: toIso(row.created_at),
      updated_at: toIso(row.updated_at),
      reading: { direction: row.reading_direction, mode: row.reading_mode },
      content_rating: ratingOf(row.content_rating),
      content_descriptors: descriptorsOf(row.content_descriptors),
    };
  }

  async function requireBook(executor: DbExecutor, uuid: string): Promise<BookRow> {
    const row = await read.findBookByUuid(executor, uuid);
    if (!row) throw bookNotFound();
    return row;
  }

  async function list(query: AdminBookListQuery): Promise<Paged<AdminBookItem>> {
    const page = query.page ?? 0;
    const pageSize = query.page_size ?? 50;
    const filter = { published: query.published ?? 'all', bookType: query.book_type, contentRating: query.content_rating };
    const q = query.q?.trim();
    if (!q) {
      const [total, rows] = await Promise.all([read.countBooks(db, filter), read.findBookPage(db, filter, page * pageSize, pageSize)]);
      return { total, items: await presentItems(db, rows, query.language) };
    }
    // The site's search index (drafts included), best match first; the filters narrow its matches.
    const matches = Array.from(await deps.search.ids(q, { drafts: true }));
    const isFiltered = filter.published !== 'all' || filter.bookType !== undefined || filter.contentRating !== undefined;
    const kept = isFiltered ? await read.keepFiltered(db, filter, matches) : null;
    const hits = kept ? matches.filter((id) => kept.has(id)) : matches;
    const rows = await read.findBooksByIdsInOrder(db, hits.slice(page * pageSize, (page + 1) * pageSize));
    return { total: hits.length, items: await presentItems(db, rows, query.language) };
  }

  const detail = async (uuid: string, language?: string) => presentDetail(db, await requireBook(db, uuid), language);

  /** Titles and introductions per language, checked against the original language. */
  function checkTexts(originalLanguage: string, titles: Titles, introductions: Titles) {
    const details: ErrorDetail[] = [];
    if (!titles[originalLanguage]?.trim()) {
      details.push({ field: `titles.${originalLanguage}`, message: 'A title in the original language is required' });
    }
    for (const [language] of entries(introductions)) {
      if (!titles[language]) details.push({ field: `introductions.${language}`, message: 'Give a title in this language first' });
    }
    if (details.length > 0) throw invalid(details);
  }

  /** Trimmed alternate titles, or a 400 naming the first entry that is blank, too long or repeated. */
  function checkAlternateTitles(list: readonly AlternateTitleInput[]): CleanAlternateTitle[] {
    const { titles, problems } = cleanAlternateTitles(list);
    if (problems.length > 0) {
      throw invalid(problems.map((p) => ({ field: `alternate_titles.${p.index}.${p.field}`, message: p.message })));
    }
    return titles;
  }

  async function create(actor: Actor, body: AdminBookCreateBody): Promise<AdminBookDetail> {
    const titles = Object.fromEntries(entries(body.titles));
    const introductions = Object.fromEntries(entries(body.introductions));
    checkTexts(body.original_language, titles, introductions);
    const alternateTitles = checkAlternateTitles(body.alternate_titles ?? []);
    const freeChapters = body.public_free_chapters ?? (await deps.defaultFreeChapters());
    return transact(async (trx) => {
      const at = now();
      const { id, uuid } = await write.insertBook(trx, {
        book_type: body.book_type,
        original_language: body.original_language,
        public_free_chapters: freeChapters,
        is_published: false,
        created_at: at,
        translations: Object.entries(titles).map(([language, title]) => ({ language, title, introduction: introductions[language] ?? '' })),
        tags: body.tags ?? [],
        alternate_titles: alternateTitles,
        author: body.author ?? null,
        artist: body.artist ?? null,
        status: body.status ?? 'ongoing',
        ...(body.content_rating ? { content_rating: body.content_rating } : {}),
        ...(body.content_descriptors ? { content_descriptors: body.content_descriptors } : {}),
      });
      const row = await requireBook(trx, uuid);
      const result = await presentDetail(trx, row);
      await audit.recordWithin(trx, actor, {
        action: 'book.create',
        targetType: 'book',
        targetId: uuid,
        before: null,
        after: { ...result },
      });
      await deps.domainEvents.raise(trx, { type: 'book-changed', bookId: id });
      return result;
    });
  }

  async function update(actor: Actor, uuid: string, body: AdminBookUpdateBody): Promise<AdminBookDetail> {
    const alternateTitles = body.alternate_titles === undefined ? undefined : checkAlternateTitles(body.alternate_titles);
    return transact(async (trx) => {
      const row = await requireBook(trx, uuid);
      const current = await presentDetail(trx, row);
      const titles = { ...current.titles, ...Object.fromEntries(entries(body.titles)) };
      const originalLanguage = body.original_language ?? current.original_language;
      checkTexts(originalLanguage, titles, Object.fromEntries(entries(body.introductions)));
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const note = (field: string, was: unknown, is: unknown) => {
        if (JSON.stringify(was) === JSON.stringify(is)) return false;
        before[field] = was;
        after[field] = is;
        return true;
      };
      const changes: write.BookChanges = {};
      if (body.original_language !== undefined && note('original_language', current.original_language, body.original_language)) {
        changes.original_language = body.original_language;
      }
      if (body.book_type !== undefined && note('book_type', current.book_type, body.book_type)) changes.book_type = body.book_type;
      if (body.author !== undefined && note('author', current.author, body.author)) changes.author = body.author;
      if (body.artist !== undefined && note('artist', current.artist, body.artist)) changes.artist = body.artist;
      if (body.status !== undefined && note('status', current.status, body.status)) changes.status = body.status;
      // Issue 61: who may meet the book follows at once (book-changed moves the catalogue version).
      if (body.content_rating !== undefined && note('content_rating', current.content_rating, body.content_rating)) {
        changes.content_rating = body.content_rating;
      }
      if (body.content_descriptors !== undefined) {
        const descriptors = descriptorsOf(storedDescriptors(body.content_descriptors));
        if (note('content_descriptors', current.content_descriptors, descriptors))
          changes.content_descriptors = storedDescriptors(descriptors);
      }
      if (
        body.public_free_chapters !== undefined &&
        note('public_free_chapters', current.public_free_chapters, body.public_free_chapters)
      ) {
        changes.public_free_chapters = body.public_free_chapters;
      }
      // Issue 46: the publishing days and the ranking exclusion are audited apart (book.publishing,
      // book.ranking), so an operator finds who kept a book out of the rankings and when.
      const settings = publishingChanges(current, body);
      Object.assign(changes, settings.changes);
      await write.updateBook(trx, row.id, changes);
      for (const entry of settings.audits) {
        await audit.recordWithin(trx, actor, { ...entry, targetType: 'book', targetId: uuid });
      }
      const texts = new Map<string, { language: string; title?: string; introduction?: string }>();
      for (const [language, title] of entries(body.titles)) {
        if (note(`titles.${language}`, current.titles[language] ?? null, title)) texts.set(language, { language, title });
      }
      for (const [language, introduction] of entries(body.introductions)) {
        if (note(`introductions.${language}`, current.introductions[language] ?? null, introduction)) {
          texts.set(language, { ...(texts.get(language) ?? { language }), introduction });
        }
      }
      await write.upsertBookTranslations(trx, row.id, [...texts.values()]);
      if (body.tags !== undefined && note('tags', current.tags, body.tags)) await write.replaceBookTags(trx, row.id, body.tags);
      // A change here moves the catalogue version below, so every node's search index rebuilds with it.
      if (alternateTitles !== undefined && note('alternate_titles', current.alternate_titles, alternateTitles)) {
        await write.replaceAlternateTitles(trx, row.id, alternateTitles);
      }
      if (Object.keys(after).length === 0 && settings.audits.length === 0) return current;
      if (Object.keys(after).length > 0) {
        await audit.recordWithin(trx, actor, { action: 'book.update', targetType: 'book', targetId: uuid, before, after });
      }
      await deps.domainEvents.raise(trx, { type: 'book-changed', bookId: Number(row.id) });
      return presentDetail(trx, await requireBook(trx, uuid));
    });
  }

  async function setCover(actor: Actor, uuid: string, bytes: Buffer): Promise<AdminBookDetail> {
    const row = await requireBook(db, uuid);
    let stored: Awaited<ReturnType<typeof storeCover>>;
    try {
      stored = await storeCover(deps.storage, row.uuid, await prepareUploadedCover(bytes));
    } catch (error) {
      if (error instanceof ImageDecodeError)
        throw new AppError(ErrorCode.INVALID_IMAGE, 400, `The image could not be used: ${error.message}`);
      throw error;
    }
    return transact(async (trx) => {
      await requireBook(trx, uuid);
      await write.updateBook(trx, row.id, stored);
      await audit.recordWithin(trx, actor, {
        action: 'book.cover',
        targetType: 'book',
        targetId: uuid,
        before: { cover_key: row.cover_key },
        after: { cover_key: stored.cover_key },
      });
      await deps.domainEvents.raise(trx, { type: 'book-changed', bookId: Number(row.id) });
      return presentDetail(trx, await requireBook(trx, uuid));
    });
  }

  async function setPublished(actor: Actor, uuid: string, isPublished: boolean): Promise<AdminBookDetail> {
    return transact(async (trx) => {
      const row = await requireBook(trx, uuid);
      if ((row.is_published === 1) !== isPublished || row.import_pending === 1) {
        await write.updateBook(trx, row.id, { is_published: isPublished });
        await audit.recordWithin(trx, actor, {
          action: isPublished ? 'book.publish' : 'book.unpublish',
          targetType: 'book',
          targetId: uuid,
          before: { is_published: row.is_published === 1 },
          after: { is_published: isPublished },
        });
        await deps.domainEvents.raise(trx, { type: 'book-changed', bookId: Number(row.id) });
      }
      return presentDetail(trx, await requireBook(trx, uuid));
    });
  }

  /**
   * The book's reading direction and default mode (issue 45): audited as `book.reading`, and the
   * catalogue version moves, so the public answers that carry `reading` (book detail, chapter
   * content, the Divina manifest) are read again everywhere. No change: no audit entry, no move.
   */
  async function setReading(actor: Actor, uuid: string, body: AdminBookReadingBody): Promise<AdminBookDetail> {
    return transact(async (trx) => {
      const row = await requireBook(trx, uuid);
      const before = { direction: row.reading_direction, mode: row.reading_mode };
      const after = { direction: body.direction ?? before.direction, mode: body.mode ?? before.mode };
      if (after.direction === before.direction && after.mode === before.mode) return presentDetail(trx, row);
      await write.updateBook(trx, row.id, { reading_direction: after.direction, reading_mode: after.mode });
      await audit.recordWithin(trx, actor, { action: 'book.reading', targetType: 'book', targetId: row.uuid, before, after });
      await deps.domainEvents.raise(trx, { type: 'book-changed', bookId: Number(row.id) });
      return presentDetail(trx, await requireBook(trx, uuid));
    });
  }

  async function recommendationsWithin(executor: DbExecutor, language?: string): Promise<AdminBookItem[]> {
    const ids = await read.findRecommendedIds(executor);
    return presentItems(
      executor,
      await read.findBooksByIdsInOrder(
        executor,
        ids.map((row) => row.id),
      ),
      language,
    );
  }

  async function setRecommendations(actor: Actor, uuids: readonly string[], language?: string): Promise<AdminBookItem[]> {
    return transact(async (trx) => {
      const found = new Map((await read.findBooksByUuids(trx, uuids)).map((row) => [row.uuid, row.id]));
      const missing = uuids.findIndex((uuid) => !found.has(uuid));
      if (missing >= 0) throw invalid([{ field: `book_uuids.${missing}`, message: 'No book has this id' }]);
      const before = (await recommendationsWithin(trx)).map((item) => item.book_uuid);
      const wasRecommended = (await read.findRecommendedIds(trx)).map((row) => Number(row.id));
      await write.setRecommendations(
        trx,
        uuids.map((uuid) => found.get(uuid)!),
      );
      await audit.recordWithin(trx, actor, {
        action: 'recommendations.update',
        targetType: 'recommendations',
        targetId: 'carousel',
        before,
        after: uuids,
      });
      // Each book that joined, left or moved in the carousel changed (its rank).
      for (const bookId of new Set([...wasRecommended, ...found.values()])) {
        await deps.domainEvents.raise(trx, { type: 'book-changed', bookId });
      }
      return recommendationsWithin(trx, language);
    });
  }

  return {
    list,
    detail,
    create,
    update,
    setCover,
    setPublished,
    setReading,
    recommendations: (language?: string) => recommendationsWithin(db, language),
    setRecommendations,
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
