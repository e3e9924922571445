import { randomUUID } from 'node:crypto';
import type { Audiences } from '../access/audiences.js';
import { mayOpen } from '../access/content-rating.js';
import {
  ErrorCode,
  LIST_BOOKS_MAX,
  LIST_DESCRIPTION_MAX,
  LIST_NAME_MAX,
  LIST_NOTE_MAX,
  LISTS_PER_READER_MAX,
  STAFF_PICKS_MAX,
  type CreateListBody,
  type ListBookBody,
  type ListVisibility,
  type ReaderList,
  type ReaderListSummary,
  type UpdateListBody,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import { toIso } from '../../lib/time.js';
import { cleanCommunityText } from '../community/community-text.js';
import { listWordFilters } from '../community/moderation.repository.js';
import { applyWordFilter } from '../community/word-filter.js';
import type { MediaUrls } from '../media/media-urls.js';
import { refuseLeftReader } from '../users/account-guard.js';
import { findPublishedBook } from './follows.repository.js';
import { loadTexts } from './library-texts.js';
import * as repo from './lists.repository.js';

const listNotFound = () => notFound(ErrorCode.LIST_NOT_FOUND, 'This list does not exist');

/** What a reader other than the owner may see: unlisted or public, and not hidden. */
const visibleToOthers = (row: repo.ListSummaryRow) => row.hidden_at === null && row.visibility !== 'private';

export function toSummary(row: repo.ListSummaryRow, forOwner: boolean): ReaderListSummary {
  return {
    list_uuid: row.uuid,
    name: row.name,
    description: row.description,
    visibility: row.visibility as ListVisibility,
    owner_username: row.owner_username,
    book_count: Number(row.book_count ?? 0),
    follower_count: Number(row.follower_count ?? 0),
    hidden: row.hidden_at !== null,
    hidden_reason: forOwner ? row.hidden_reason : null,
    featured: row.featured_at !== null,
    created_at: toIso(Number(row.created_at)),
    updated_at: toIso(Number(row.updated_at)),
  };
}

/**
 * Issue 61: reader lists (docs/READER-JOURNEY.md "Statuses and lists", docs/API.md "Reader lists"):
 * named, ordered lists of books with a note per book, private, unlisted (by link) or public. Others
 * never learn a private or hidden list exists (404). Names, descriptions and notes are community
 * text: cleaned, then the site's word filter masks words or refuses a text it would hold.
 */
export function createListsService(deps: {
  db: Db;
  media: MediaUrls;
  /** Issue 61: a list shows each viewer only the books the content rating rule lets them open. */
  audiences: Pick<Audiences, 'of'>;
  now?: () => number;
}) {
  const { db, media } = deps;
  const now = deps.now ?? Date.now;

  async function communityText(executor: DbExecutor, raw: string, field: string, maxLength: number): Promise<string> {
    const cleaned = raw.trim() === '' && field === 'description' ? '' : cleanCommunityText(raw, { field, maxLength });
    if (cleaned === '') return cleaned;
    const outcome = applyWordFilter(cleaned, await listWordFilters(executor));
    if (outcome.held) {
      throw new AppError(ErrorCode.LIST_TEXT_REFUSED, 400, 'This text cannot be shown on the site; please change it', [
        { field, message: 'held by the word filter' },
      ]);
    }
    return outcome.text;
  }

  async function ownedList(executor: DbExecutor, userId: number, listUuid: string) {
    const row = await repo.findListByUuid(executor, listUuid);
    if (!row || row.user_id !== userId) throw listNotFound();
    return row;
  }

  async function publishedBook(executor: DbExecutor, bookUuid: string) {
    const book = await findPublishedBook(executor, bookUuid);
    if (!book) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    return book;
  }

  /** A book the reader may put in a list: published, and one the content rating rule lets them open. */
  async function listableBook(executor: DbExecutor, userId: number, bookUuid: string) {
    const book = await publishedBook(executor, bookUuid);
    if (!mayOpen(await deps.audiences.of({ id: userId }, executor), book.content_rating)) {
      throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    }
    return book;
  }

  async function mine(userId: number): Promise<ReaderListSummary[]> {
    return (await repo.findOwnedLists(db, userId)).map((row) => toSummary(row, true));
  }

  async function create(userId: number, body: CreateListBody): Promise<ReaderList> {
    const uuid = randomUUID();
    await db.transaction().execute(async (trx) => {
      await refuseLeftReader(trx, userId);
      const name = await communityText(trx, body.name, 'name', LIST_NAME_MAX);
      const description = await communityText(trx, body.description ?? '', 'description', LIST_DESCRIPTION_MAX);
      if ((await repo.countOwnedLists(trx, userId)) >= LISTS_PER_READER_MAX) {
        throw new AppError(ErrorCode.LIST_LIMIT_REACHED, 409, `You can have at most ${LISTS_PER_READER_MAX} lists`);
      }
      await repo.insertList(trx, { uuid, userId, name, description, visibility: body.visibility ?? 'private', at: now() });
    });
    return read(userId, uuid);
  }

  async function update(userId: number, listUuid: string, body: UpdateListBody): Promise<ReaderList> {
    await db.transaction().execute(async (trx) => {
      const list = await ownedList(trx, userId, listUuid);
      const changes: { name?: string; description?: string; visibility?: string } = {};
      if (body.name !== undefined) changes.name = await communityText(trx, body.name, 'name', LIST_NAME_MAX);
      if (body.description !== undefined)
        changes.description = await communityText(trx, body.description, 'description', LIST_DESCRIPTION_MAX);
      if (body.visibility !== undefined) changes.visibility = body.visibility;
      // A list that stops being public stops being a staff pick.
      const featured = body.visibility !== undefined && body.visibility !== 'public' ? { featured_at: null } : {};
      await repo.updateList(trx, list.id, { ...changes, ...featured }, now());
    });
    return read(userId, listUuid);
  }

  async function remove(userId: number, listUuid: string): Promise<{ deleted: boolean }> {
    await db.transaction().execute(async (trx) => {
      const list = await ownedList(trx, userId, listUuid);
      await repo.deleteList(trx, list.id);
    });
    return { deleted: true };
  }

  /** Adds a book (at the end, or at `position`), or changes its note or place when it is there. */
  async function putBook(userId: number, listUuid: string, bookUuid: string, body: ListBookBody): Promise<ReaderList> {
    await db.transaction().execute(async (trx) => {
      const list = await ownedList(trx, userId, listUuid);
      const book = await listableBook(trx, userId, bookUuid);
      // undefined: the note stays; null or blank: no note.
      const note =
        body.note === undefined
          ? undefined
          : body.note === null || body.note.trim() === ''
            ? null
            : await communityText(trx, body.note, 'note', LIST_NOTE_MAX);
      const rows = await repo.findListBookRows(trx, list.id);
      const existing = rows.find((row) => row.book_id === book.id);
      const at = now();
      if (!existing) {
        if (rows.length >= LIST_BOOKS_MAX) throw new AppError(ErrorCode.LIST_FULL, 409, `A list holds at most ${LIST_BOOKS_MAX} books`);
        await repo.insertListBook(trx, { listId: list.id, bookId: book.id, position: rows.length + 1, note: note ?? null, at });
      } else if (note !== undefined) {
        await repo.setListBookNote(trx, list.id, book.id, note);
      }
      if (body.position !== undefined) {
        const order = rows.map((row) => row.book_id).filter((id) => id !== book.id);
        order.splice(Math.min(body.position, order.length + 1) - 1, 0, book.id);
        await writeOrder(trx, list.id, order);
      }
      await repo.updateList(trx, list.id, {}, at);
    });
    return read(userId, listUuid);
  }

  async function writeOrder(trx: DbExecutor, listId: number, bookIds: readonly number[]): Promise<void> {
    for (const [index, bookId] of bookIds.entries()) await repo.setListBookPosition(trx, listId, bookId, index + 1);
  }

  async function removeBook(userId: number, listUuid: string, bookUuid: string): Promise<ReaderList> {
    await db.transaction().execute(async (trx) => {
      const list = await ownedList(trx, userId, listUuid);
      const rows = await repo.findListBookRows(trx, list.id);
      const row = rows.find((r) => r.book_uuid === bookUuid);
      if (!row) throw notFound(ErrorCode.LIST_BOOK_NOT_FOUND, 'This book is not in the list');
      await repo.deleteListBook(trx, list.id, row.book_id);
      await writeOrder(
        trx,
        list.id,
        rows.filter((r) => r.book_id !== row.book_id).map((r) => r.book_id),
      );
      await repo.updateList(trx, list.id, {}, now());
    });
    return read(userId, listUuid);
  }

  /** The new order: every book of the list (as the owner sees them), each once. */
  async function reorder(userId: number, listUuid: string, bookUuids: readonly string[]): Promise<ReaderList> {
    await db.transaction().execute(async (trx) => {
      const list = await ownedList(trx, userId, listUuid);
      const rows = await repo.findListBookRows(trx, list.id);
      const idOf = new Map(rows.map((row) => [row.book_uuid, row.book_id]));
      const unique = new Set(bookUuids);
      if (unique.size !== bookUuids.length || bookUuids.length !== rows.length || bookUuids.some((uuid) => !idOf.has(uuid))) {
        throw new AppError(ErrorCode.LIST_ORDER_MISMATCH, 400, 'The new order must name every book of the list once');
      }
      await writeOrder(
        trx,
        list.id,
        bookUuids.map((uuid) => idOf.get(uuid)!),
      );
      await repo.updateList(trx, list.id, {}, now());
    });
    return read(userId, listUuid);
  }

  /** One list: the owner sees it all (hidden marked, with the reason); others an unlisted or public, unhidden one. */
  async function read(viewerId: number | null, listUuid: string, languageParam?: string): Promise<ReaderList> {
    const row = await repo.findListByUuid(db, listUuid);
    const isOwner = row !== undefined && viewerId !== null && row.user_id === viewerId;
    if (!row || (!isOwner && !visibleToOthers(row))) throw listNotFound();
    const language = resolveLanguage(languageParam);
    // Issue 61: what this viewer may open, whoever put it there (a list is read by others too).
    const audience = await deps.audiences.of(viewerId === null ? null : { id: viewerId });
    const rows = (await repo.findListBookRows(db, row.id)).filter(
      (book) => book.is_published === 1 && mayOpen(audience, book.content_rating),
    );
    const [texts, following] = await Promise.all([
      loadTexts(
        db,
        media,
        language,
        rows.map((book) => book.book_id),
        [],
      ),
      viewerId !== null && !isOwner ? repo.isFollowingList(db, viewerId, row.id) : Promise.resolve(false),
    ]);
    const books = rows.flatMap((book, index) => {
      const text = texts.books.get(book.book_id);
      if (!text) return [];
      return [
        {
          book_uuid: text.book_uuid,
          book_title: text.book_title,
          book_type: text.book_type,
          cover_image: text.cover_image,
          total_chapters: text.total_chapters,
          position: index + 1,
          note: book.note,
          added_at: toIso(Number(book.added_at)),
        },
      ];
    });
    return { ...toSummary(row, isOwner), mine: isOwner, following, books };
  }

  async function follow(userId: number, listUuid: string, on: boolean): Promise<{ following: boolean }> {
    await db.transaction().execute(async (trx) => {
      const row = await repo.findListByUuid(trx, listUuid);
      if (!row || (row.user_id !== userId && !visibleToOthers(row))) throw listNotFound();
      if (!on) {
        await repo.deleteListFollow(trx, userId, row.id);
        return;
      }
      await refuseLeftReader(trx, userId);
      if (row.user_id === userId) throw new AppError(ErrorCode.LIST_OWN, 409, 'You cannot follow your own list');
      if (row.visibility !== 'public') throw new AppError(ErrorCode.LIST_NOT_PUBLIC, 409, 'Only a public list can be followed');
      await repo.insertListFollow(trx, userId, row.id, now());
    });
    return { following: on };
  }

  async function followed(userId: number): Promise<ReaderListSummary[]> {
    return (await repo.findFollowedLists(db, userId)).map((row) => toSummary(row, false));
  }

  async function staffPicks(): Promise<ReaderListSummary[]> {
    return (await repo.findStaffPicks(db, STAFF_PICKS_MAX)).map((row) => toSummary(row, false));
  }

  return { mine, create, update, remove, putBook, removeBook, reorder, read, follow, followed, staffPicks };
}

export type ListsService = ReturnType<typeof createListsService>;
