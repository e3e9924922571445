import {
  ALSO_READ_MAX,
  ErrorCode,
  type BookSummary,
  type Ranking,
  type RankingKind,
  type RankingQuery,
  type BecauseYouRead,
} from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/request-user.js';
import { notFound } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import { toIso } from '../../lib/time.js';
import type { BookSummaries } from '../catalogue/book-summaries.js';
import { userReaderKey } from '../library/reader-key.js';
import type { DiscoverySnapshot } from './discovery-snapshot.js';
import * as repo from './discovery.repository.js';
import { periodOf } from './rankings.js';
import type { Audience } from '../access/content-rating.js';
import { refuseUnlessOpenable } from '../access/content-rating-refusal.js';

/** "Because you read": the reader's recent books looked at, most recent first. */
export const BECAUSE_YOU_READ_BASES = 5;

/**
 * Rankings, "readers also read" and "because you read" (docs/DISCOVERY.md): lists from the
 * in-memory figures (discovery-snapshot.ts), answered with the book list's card.
 */
export function createDiscoveryService(deps: {
  db: Db;
  snapshot: DiscoverySnapshot;
  summaries: BookSummaries;
  /** COMMUNITY=on: top rated exists (ratings do). */
  community: boolean;
}) {
  const { db, snapshot, summaries } = deps;

  async function cardsOf(ids: readonly number[], language: string, audience: Audience): Promise<{ id: number; summary: BookSummary }[]> {
    const view = await snapshot.view(audience);
    return summaries.of(ids, (id) => view.tagsOf(id), language, audience);
  }

  async function ranking(kind: RankingKind, query: RankingQuery, audience: Audience): Promise<Ranking> {
    // Top rated is a community list: with COMMUNITY=off it does not exist (as the list's rating sort).
    if (kind === 'top_rated' && !deps.community) throw notFound(ErrorCode.NOT_FOUND, 'No such ranking: the community is switched off');
    const language = resolveLanguage(query.language);
    const period = periodOf(kind, query.period);
    const { entries, computedAt } = await snapshot.ranking(
      kind,
      period,
      {
        tag: query.tag?.trim() || undefined,
        bookType: query.book_type,
      },
      audience,
    );
    const start = query.page * query.page_size;
    const page = entries.slice(start, start + query.page_size);
    const cards = await cardsOf(
      page.map((entry) => entry.id),
      language,
      audience,
    );
    const byId = new Map(page.map((entry, index) => [entry.id, { entry, rank: start + index + 1 }]));
    return {
      kind,
      period,
      result: cards.map(({ id, summary }) => {
        const { entry, rank } = byId.get(id)!;
        return { ...summary, rank, previous_rank: entry.previousRank, readers: entry.readers };
      }),
      total: entries.length,
      computed_at: toIso(computedAt),
    };
  }

  /** Books of `ids` the signed-in reader finished (none for a visitor). */
  const finishedBy = (user: AuthUser | null, ids: readonly number[]) =>
    user ? repo.findFinishedBooks(db, userReaderKey(user.id), ids) : Promise.resolve(new Set<number>());

  async function alsoRead(
    bookUuid: string,
    rawLanguage: string | undefined,
    user: AuthUser | null,
    audience: Audience,
  ): Promise<BookSummary[]> {
    const language = resolveLanguage(rawLanguage);
    const book = await repo.findPublishedBookId(db, bookUuid);
    if (book === null) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    refuseUnlessOpenable(audience, book.contentRating);
    const list = await snapshot.alsoRead(book.id, audience);
    const finished = await finishedBy(user, list);
    const kept = list.filter((id) => id !== book.id && !finished.has(id)).slice(0, ALSO_READ_MAX);
    return (await cardsOf(kept, language, audience)).map(({ summary }) => summary);
  }

  /**
   * The also-read row of the most recent of the reader's last BECAUSE_YOU_READ_BASES books whose
   * list still has something once the books they finished are left out.
   */
  async function becauseYouRead(user: AuthUser, rawLanguage: string | undefined, audience: Audience): Promise<BecauseYouRead> {
    const language = resolveLanguage(rawLanguage);
    const view = await snapshot.view(audience);
    const recent = (await repo.findRecentBooks(db, userReaderKey(user.id), BECAUSE_YOU_READ_BASES)).filter((id) => view.isPublished(id));
    const lists = await Promise.all(recent.map((id) => snapshot.alsoRead(id, audience)));
    const finished = await finishedBy(user, [...new Set(lists.flat())]);
    for (const [index, basis] of recent.entries()) {
      const kept = lists[index]!.filter((id) => id !== basis && !finished.has(id)).slice(0, ALSO_READ_MAX);
      if (kept.length === 0) continue;
      const [basisCard, ...cards] = await cardsOf([basis, ...kept], language, audience);
      if (basisCard?.id !== basis) continue; // deleted since
      return {
        basis: { book_uuid: basisCard.summary.book_uuid, book_title: basisCard.summary.book_title },
        result: cards.map(({ summary }) => summary),
      };
    }
    return { basis: null, result: [] };
  }

  return { ranking, alsoRead, becauseYouRead };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
