import type { RankingKind, RankingPeriod, BookType } from '@inkstream/contracts';
import { audienceFor, DEFAULT_RATING_POLICY, type Audience } from '../access/content-rating.js';
import type { Db } from '../../db/database.js';
import { letOthersRun } from '../../lib/concurrency.js';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import type { CatalogueView, RankingSnapshot } from '../catalogue/ranking-snapshot.js';
import * as repo from './discovery.repository.js';
import { computeRanking, type BookFacts, type RankingEntry, type ReaderFigures } from './rankings.js';

/** Any one audience: which view object the kept rankings were made from tells when the snapshot changed. */
const GENERAL_KEY_AUDIENCE = audienceFor(DEFAULT_RATING_POLICY, { ageConfirmed: false });
/**
 * The discovery figures held in memory on every node (docs/DISCOVERY.md): each book's readers per
 * window, each book's also-read list, and what the rankings sort and filter by (the catalogue's
 * tags, kinds and published books come from the ranking snapshot, not read again). A request reads
 * only these arrays and the book cards: its cost does not grow with readers or events.
 *
 * Reloaded when the background computation moved the version in app_state (seen at most
 * `checkMs` after it, checked behind the requests, or at once on the node that computed it), and
 * the book facts when the catalogue version moves or every `factsMaxAgeMs` (ratings move without it).
 * Requests are answered from the figures in hand while a reload runs.
 */
interface Figures {
  /** The computation these figures come from; null: none has run yet (no rows). */
  run: string | null;
  computedAt: number;
  readers: ReaderFigures;
  /** Also-read list of book `id`: `alsoList[alsoStart[id] .. alsoStart[id + 1]]`, best first. */
  alsoStart: Int32Array;
  alsoList: Int32Array;
}

interface Facts extends BookFacts {
  catalogueVersion: string;
  loadedAt: number;
  /** Published books the operator keeps out of rankings. */
  excluded: Uint8Array;
  /** Published book ids, ascending. */
  published: Int32Array;
}

export interface RankingFilter {
  tag?: string | undefined;
  bookType?: BookType | undefined;
}

/** Rows per read, with a turn of the event loop between reads (SQLite runs on the main thread). */
const CHUNK = 5000;

export function createDiscoverySnapshot(
  db: Db,
  deps: {
    ranking: RankingSnapshot;
    versions: Pick<CatalogueVersion, 'get' | 'subscribe'>;
    /** The catalogue's mean rating, or null with COMMUNITY=off. */
    ratingMean: () => Promise<number | null>;
    now?: () => number;
    checkMs?: number;
    factsMaxAgeMs?: number;
  },
) {
  const now = deps.now ?? Date.now;
  const checkMs = deps.checkMs ?? 5000;
  const factsMaxAgeMs = deps.factsMaxAgeMs ?? 60_000;
  let figures: Figures | undefined;
  let facts: Facts | undefined;
  let loadingFigures: Promise<Figures> | undefined;
  let loadingFacts: Promise<Facts> | undefined;
  let checking: Promise<void> | undefined;
  let checkedAt = 0;
  /** Rankings computed from the current figures, facts and catalogue view, by kind and filter. */
  let rankings = new Map<string, RankingEntry[]>();
  let rankingsOf: [Figures, Facts, CatalogueView] | undefined;
  const unsubscribe = deps.versions.subscribe(() => void reloadFacts().catch(() => undefined));

  async function readFigures(): Promise<Figures> {
    // Read, then check the version did not move while reading (a refresh completing mid-read):
    // the figures in memory come from one computation.
    for (let attempt = 0; ; attempt += 1) {
      const version = await repo.readDiscoveryVersion(db);
      const loaded = await readTables(version);
      const after = await repo.readDiscoveryVersion(db);
      if (after?.run === version?.run || attempt >= 2) return loaded;
    }
  }

  async function readTables(version: repo.DiscoveryVersion | null): Promise<Figures> {
    const rows: Awaited<ReturnType<typeof repo.findStatsAfter>> = [];
    for (let after = 0; ;) {
      const chunk = await repo.findStatsAfter(db, after, CHUNK);
      rows.push(...chunk);
      await letOthersRun();
      if (chunk.length < CHUNK) break;
      after = chunk.at(-1)!.book_id;
    }
    const maxId = await repo.findMaxBookId(db);
    const size = Math.max(maxId, ...rows.slice(-1).map((row) => row.book_id)) + 1;
    const readers: ReaderFigures = {
      day: new Int32Array(size),
      dayBefore: new Int32Array(size),
      week: new Int32Array(size),
      weekBefore: new Int32Array(size),
      month: new Int32Array(size),
      monthBefore: new Int32Array(size),
    };
    for (const row of rows) {
      readers.day[row.book_id] = row.readers_day;
      readers.dayBefore[row.book_id] = row.readers_day_before;
      readers.week[row.book_id] = row.readers_week;
      readers.weekBefore[row.book_id] = row.readers_week_before;
      readers.month[row.book_id] = row.readers_month;
      readers.monthBefore[row.book_id] = row.readers_month_before;
    }
    const alsoStart = new Int32Array(size + 1);
    const list: number[] = [];
    let filled = 0;
    for (let from = 0; from < size; from += CHUNK) {
      const chunk = await repo.findAlsoReadInRange(db, from, from + CHUNK);
      await letOthersRun();
      for (const row of chunk) {
        if (row.book_id >= size) continue;
        for (; filled < row.book_id; filled += 1) alsoStart[filled + 1] = list.length;
        list.push(row.other_book_id);
      }
    }
    for (; filled < size; filled += 1) alsoStart[filled + 1] = list.length;
    return { run: version?.run ?? null, computedAt: version?.computed_at ?? now(), readers, alsoStart, alsoList: Int32Array.from(list) };
  }

  async function readFacts(): Promise<Facts> {
    const catalogueVersion = await deps.versions.get();
    const rows: Awaited<ReturnType<typeof repo.findRankingFactsAfter>> = [];
    for (let after = 0; ;) {
      const chunk = await repo.findRankingFactsAfter(db, after, CHUNK);
      rows.push(...chunk);
      await letOthersRun();
      if (chunk.length < CHUNK) break;
      after = chunk.at(-1)!.id;
    }
    const size = (rows.at(-1)?.id ?? 0) + 1;
    const result: Facts = {
      catalogueVersion,
      loadedAt: now(),
      popularity: new Float64Array(size),
      ratingCount: new Float64Array(size),
      ratingSum: new Float64Array(size),
      firstChapterAt: new Float64Array(size).fill(Number.NaN),
      excluded: new Uint8Array(size),
      published: Int32Array.from(rows, (row) => row.id),
    };
    for (const row of rows) {
      result.popularity[row.id] = Number(row.popularity);
      result.ratingCount[row.id] = Number(row.rating_count);
      result.ratingSum[row.id] = Number(row.rating_sum);
      result.excluded[row.id] = row.ranking_excluded ? 1 : 0;
    }
    for (let from = 0; from < size; from += CHUNK) {
      for (const row of await repo.findFirstChapterTimesInRange(db, from, from + CHUNK)) {
        if (row.book_id < size) result.firstChapterAt[row.book_id] = row.created_at;
      }
      await letOthersRun();
    }
    return result;
  }

  function reloadFigures(): Promise<Figures> {
    loadingFigures ??= readFigures()
      .then((loaded) => (figures = loaded))
      .finally(() => (loadingFigures = undefined));
    return loadingFigures;
  }

  function reloadFacts(): Promise<Facts> {
    loadingFacts ??= readFacts()
      .then((loaded) => (facts = loaded))
      .finally(() => (loadingFacts = undefined));
    return loadingFacts;
  }

  /** Behind the requests: has another node (or this one) completed a refresh since the figures in hand? */
  function checkVersion(): void {
    if (checking) return;
    checkedAt = now();
    checking = repo
      .readDiscoveryVersion(db)
      .then(async (version) => {
        if ((version?.run ?? null) !== figures?.run) await reloadFigures();
      })
      .catch(() => undefined)
      .finally(() => (checking = undefined));
  }

  async function current(): Promise<{ figures: Figures; facts: Facts }> {
    const [inHandFigures, inHandFacts] = await Promise.all([figures ?? reloadFigures(), facts ?? reloadFacts()]);
    if (now() - checkedAt >= checkMs) checkVersion();
    if (now() - inHandFacts.loadedAt >= factsMaxAgeMs) void reloadFacts().catch(() => undefined);
    return { figures: inHandFigures, facts: inHandFacts };
  }

  return {
    /** The ranking (at most RANKING_MAX_ENTRIES), kept until the figures, facts or catalogue change. */
    async ranking(
      kind: RankingKind,
      period: RankingPeriod,
      filter: RankingFilter,
      audience: Audience,
    ): Promise<{ entries: RankingEntry[]; computedAt: number }> {
      const [{ figures: f, facts: b }, view, ratingMean] = await Promise.all([current(), deps.ranking.view(audience), deps.ratingMean()]);
      // Every audience's view of one snapshot comes from the same catalogue: the kept lists follow the general one's.
      const catalogueView = await deps.ranking.view(GENERAL_KEY_AUDIENCE);
      if (!rankingsOf || rankingsOf[0] !== f || rankingsOf[1] !== b || rankingsOf[2] !== catalogueView) {
        rankings = new Map();
        rankingsOf = [f, b, catalogueView];
      }
      const key = JSON.stringify([kind, period, filter.tag ?? '', filter.bookType ?? '', audience.key]);
      let entries = rankings.get(key);
      if (!entries) {
        const matches = view.matcher({ tag: filter.tag, bookType: filter.bookType });
        const candidates = matches
          ? Array.from(b.published).filter((id) => b.excluded[id] !== 1 && view.isPublished(id) && matches(id))
          : [];
        entries = computeRanking({
          kind,
          period,
          candidates,
          readers: f.readers,
          facts: b,
          isCompleted: view.isCompleted,
          ratingMean,
          computedAt: f.computedAt,
        });
        // Bounded: kinds × periods × the tags and kinds asked for, until the next reload.
        if (rankings.size < 1000) rankings.set(key, entries);
      }
      return { entries, computedAt: f.computedAt };
    },

    /** The stored also-read list of a book (ids, best first), published books only. */
    async alsoRead(bookId: number, audience: Audience): Promise<number[]> {
      const [{ figures: f }, view] = await Promise.all([current(), deps.ranking.view(audience)]);
      if (bookId + 1 >= f.alsoStart.length) return [];
      return Array.from(f.alsoList.subarray(f.alsoStart[bookId]!, f.alsoStart[bookId + 1]!)).filter((id) => view.isPublished(id));
    },

    /** The catalogue view the lists were filtered with (tags for the cards). */
    view: (audience: Audience) => deps.ranking.view(audience),

    /** Reads the tables again now (the node that computed them, and tests). */
    async reload(): Promise<void> {
      checkedAt = now();
      // A read under way may have started before the change: wait for it, then read again.
      await Promise.all([loadingFigures, loadingFacts].map((loading) => loading?.catch(() => undefined)));
      await Promise.all([reloadFigures(), reloadFacts()]);
    },

    /** Loads the figures ahead of the first request (called when the server is ready). */
    async warm(): Promise<void> {
      await current();
    },

    stop: unsubscribe,
  };
}

export type DiscoverySnapshot = ReturnType<typeof createDiscoverySnapshot>;
