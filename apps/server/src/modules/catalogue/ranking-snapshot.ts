import type { BookOrder, BookSearchOrder, BookType } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { findAllTags, findBookTagsInRange, findMaxBookId, findPublishedOrderKeysAfter } from './catalogue.repository.js';
import { letOthersRun } from '../../lib/concurrency.js';
import { bayesianAverage, MIDPOINT_MEAN } from './rating-prior.js';
import { hasChaptersOpenToEveryone } from '../access/chapter-access.js';
import { descriptorMask, ratingBit, type Audience } from '../access/content-rating.js';

/**
 * An in-memory ordering of all published books, so a page of the catalogue is an array slice:
 * the cost of page 5,000 is the cost of page 0 (no OFFSET scan), and tag counts come for free.
 *
 * Compact on purpose (typed arrays, tags as a CSR index by book id): about 3 MB at 100,000
 * books. It is rebuilt when the catalogue version in `app_state` changes (any process that adds
 * books, chapters or tags bumps it; known in memory through catalogue-version.ts), and refreshed
 * in the background every `maxAgeMs` so the popularity and rating orders follow reading and rating
 * activity (a rating does not bump the catalogue version: "top rated" is at most a minute behind).
 */
interface Snapshot {
  version: string;
  builtAt: number;
  order: Record<BookOrder, Int32Array>;
  tagNames: string[];
  tagIndex: Map<string, number>;
  /** Tags of book `id` are `tagList[tagStart[id] .. tagStart[id + 1]]`, in the book's own order. */
  tagStart: Int32Array;
  tagList: Int32Array;
  /** Tag names of published books, most used first. */
  tagsByUse: string[];
  byTag: Map<string, Int32Array>;
  /**
   * A search's matches narrowed by an order and filters, by the matches array the search keeps
   * for its query (book-search.ts ids: the same array while the index stays): the other pages of
   * one search narrow nothing again.
   */
  narrowed: WeakMap<object, Map<string, Int32Array>>;
  /** 1 for novels, 0 for comics, by book id. */
  isNovel: Uint8Array;
  /** 1 for completed books, by book id. */
  isCompleted: Uint8Array;
  /** 1 for books with free chapters, by book id. */
  hasFree: Uint8Array;
  /** The content rating's bit (access/content-rating.ts ratingBit), by book id: the audience filter. */
  ratingBits: Uint8Array;
  /** The content descriptors as a bit mask, by book id. */
  descriptors: Uint16Array;
  /** Place + 1 of book `id` in each order (0: not published), built on the first search sorted by one. */
  places: Partial<Record<BookOrder, Int32Array>>;
}

/**
 * What a list may be narrowed by (the spec's `tag` and kind; tags in and out, status and free
 * chapters are ext). `audience` is not optional: no list of books is made without the content
 * rating rule (access/content-rating.ts), whose hidden ratings are left out of it.
 */
export interface BookFilter {
  audience: Audience;
  /** Issue 61: content descriptors (masks, content-rating.ts) every book must have, and none of. */
  includeDescriptors?: number | undefined;
  excludeDescriptors?: number | undefined;
  tag?: string | undefined;
  tags?: readonly string[] | undefined;
  excludeTags?: readonly string[] | undefined;
  bookType?: BookType | undefined;
  status?: 'ongoing' | 'completed' | undefined;
  hasFree?: boolean | undefined;
}

/** The catalogue as another list sees it (RankingSnapshot.view). */
export interface CatalogueView {
  /** Published, and listed for the view's audience (the content rating rule). */
  isPublished(id: number): boolean;
  isCompleted(id: number): boolean;
  /** Whether a book passes the filters (and the view's audience), or null when no book can (a tag no book has). */
  matcher(filter: Omit<BookFilter, 'audience'>): ((id: number) => boolean) | null;
  /** The book's tag names, in its own order. */
  tagsOf(id: number): string[];
}

export interface RankedPage {
  ids: number[];
  /** Tag names of each book in `ids`, in the book's own tag order. */
  tags: string[][];
  total: number;
}

/**
 * Rows per read, with a turn of the event loop between reads: with SQLite every read runs on the
 * main thread, and a rebuild at 100,000 books read in one go stalled every request for about a
 * second (measured), once a minute.
 */
const CHUNK = 5_000;

export function createRankingSnapshot(
  db: Db,
  versions: CatalogueVersion,
  options: {
    maxAgeMs?: number;
    now?: () => number;
    /** The catalogue's mean rating, the Bayesian prior of the `rating` order (rating-prior.ts). */
    ratingMean?: () => Promise<number>;
  } = {},
) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const ratingMean = options.ratingMean ?? (() => Promise.resolve(MIDPOINT_MEAN));
  const now = options.now ?? Date.now;
  let current: Snapshot | undefined;
  let building: Promise<Snapshot> | undefined;

  async function readOrderKeys() {
    const ids: number[] = [];
    const updated: number[] = [];
    const popularity: number[] = [];
    const novels: number[] = [];
    const completed: number[] = [];
    const withFree: number[] = [];
    const ratingCount: number[] = [];
    const ratingSum: number[] = [];
    const ratingBits: number[] = [];
    const descriptors: number[] = [];
    for (let after = 0; ;) {
      const rows = await findPublishedOrderKeysAfter(db, after, CHUNK);
      await letOthersRun();
      for (const row of rows) {
        if (row.book_type === 'novel') novels.push(row.id);
        if (row.status === 'completed') completed.push(row.id);
        if (hasChaptersOpenToEveryone({ publicFreeChapters: row.public_free_chapters })) withFree.push(row.id);
        ids.push(row.id);
        updated.push(row.updated_at);
        popularity.push(row.popularity);
        ratingCount.push(Number(row.rating_count));
        ratingSum.push(Number(row.rating_sum));
        ratingBits.push(ratingBit(row.content_rating));
        descriptors.push(descriptorMask(row.content_descriptors));
      }
      if (rows.length < CHUNK) break;
      after = rows[rows.length - 1]!.id;
    }
    const sorted = (compare: (a: number, b: number) => number) => {
      const positions = Int32Array.from(ids, (_, i) => i).sort(compare);
      return Int32Array.from(positions, (i) => ids[i]!);
    };
    const byUpdate = sorted((a, b) => updated[b]! - updated[a]! || ids[b]! - ids[a]!);
    await letOthersRun();
    const byPopularity = sorted((a, b) => popularity[b]! - popularity[a]! || updated[b]! - updated[a]! || ids[b]! - ids[a]!);
    await letOthersRun();
    // Top rated: rated books by Bayesian average, then as popular; books nobody rated after them
    // (no rating is not an average rating), by popularity.
    const mean = await ratingMean();
    const score = ids.map((_, i) => bayesianAverage(ratingSum[i]!, ratingCount[i]!, mean) ?? Number.NEGATIVE_INFINITY);
    const byRating = sorted(
      (a, b) =>
        (score[b]! > score[a]! ? 1 : score[b]! < score[a]! ? -1 : 0) ||
        popularity[b]! - popularity[a]! ||
        updated[b]! - updated[a]! ||
        ids[b]! - ids[a]!,
    );
    await letOthersRun();
    return { ids, novels, completed, withFree, ratingBits, descriptors, updated_at: byUpdate, popularity: byPopularity, rating: byRating };
  }

  async function readTags(maxId: number, published: Uint8Array) {
    const tags = await findAllTags(db);
    const indexById = new Map(tags.map((tag, index) => [tag.id, index]));
    const tagStart = new Int32Array(maxId + 2);
    const list: number[] = [];
    const uses = new Int32Array(tags.length);
    let filled = 0;
    for (let from = 0; from < maxId; from += CHUNK) {
      const rows = await findBookTagsInRange(db, from, from + CHUNK);
      await letOthersRun();
      for (const row of rows) {
        const index = indexById.get(row.tag_id);
        if (index === undefined) continue;
        for (; filled < row.book_id; filled += 1) tagStart[filled + 1] = list.length;
        list.push(index);
        if (published[row.book_id]) uses[index]! += 1;
      }
    }
    for (; filled <= maxId; filled += 1) tagStart[filled + 1] = list.length;
    const tagsByUse = tags
      .map((tag, index) => ({ name: tag.name, uses: uses[index]! }))
      .filter((tag) => tag.uses > 0)
      .sort((a, b) => b.uses - a.uses || a.name.localeCompare(b.name))
      .map((tag) => tag.name);
    return { tagNames: tags.map((t) => t.name), tagStart, tagList: Int32Array.from(list), tagsByUse };
  }

  async function build(previous: Snapshot | undefined): Promise<Snapshot> {
    const version = await versions.refresh();
    const maxId = await findMaxBookId(db);
    const order = await readOrderKeys();
    if (previous?.version === version && previous.tagStart.length === maxId + 2) {
      // The minutely refresh of an unchanged catalogue: the same books, tags and titles (any change
      // to those bumps the version), only the orders move with reading activity. The tags would
      // be 200,000 more rows to read at 100,000 books, the titles every title of every language.
      return {
        ...previous,
        builtAt: now(),
        order: { updated_at: order.updated_at, popularity: order.popularity, rating: order.rating },
        byTag: new Map(),
        narrowed: new WeakMap(),
        places: {},
      };
    }
    const published = new Uint8Array(maxId + 1);
    for (const id of order.ids) published[id] = 1;
    const flagsOf = (ids: number[]) => {
      const flags = new Uint8Array(maxId + 1);
      for (const id of ids) flags[id] = 1;
      return flags;
    };
    const valuesOf = <T extends Uint8Array | Uint16Array>(into: T, values: number[]) => {
      order.ids.forEach((id, index) => (into[id] = values[index]!));
      return into;
    };
    const tags = await readTags(maxId, published);
    return {
      version,
      builtAt: now(),
      order: { updated_at: order.updated_at, popularity: order.popularity, rating: order.rating },
      tagIndex: new Map(tags.tagNames.map((name, index) => [name, index])),
      ...tags,
      byTag: new Map(),
      narrowed: new WeakMap(),
      places: {},
      isNovel: flagsOf(order.novels),
      isCompleted: flagsOf(order.completed),
      hasFree: flagsOf(order.withFree),
      ratingBits: valuesOf(new Uint8Array(maxId + 1), order.ratingBits),
      descriptors: valuesOf(new Uint16Array(maxId + 1), order.descriptors),
    };
  }

  function rebuild(): Promise<Snapshot> {
    building ??= build(current)
      .then((snapshot) => (current = snapshot))
      .finally(() => (building = undefined));
    return building;
  }

  async function fresh(): Promise<Snapshot> {
    if (!current) return rebuild();
    if ((await versions.get()) !== current.version) return rebuild();
    // Stale only in popularity order: answer from the current one and refresh behind it.
    if (now() - current.builtAt > maxAgeMs) void rebuild().catch(() => undefined);
    return current;
  }

  const tagIndicesOf = (snapshot: Snapshot, id: number) =>
    id + 1 < snapshot.tagStart.length ? snapshot.tagList.subarray(snapshot.tagStart[id]!, snapshot.tagStart[id + 1]!) : new Int32Array(0);

  /**
   * Whether a book passes the filters, or null when no book can (a tag no book has). The tag of the
   * spec's `tag` and every one of `tags` must be on the book, none of `excludeTags`.
   */
  function matcherOf(snapshot: Snapshot, filter: BookFilter): ((id: number) => boolean) | null {
    const wanted = [...(filter.tag ? [filter.tag] : []), ...(filter.tags ?? [])].map((tag) => snapshot.tagIndex.get(tag));
    if (wanted.includes(undefined)) return null;
    const excluded = (filter.excludeTags ?? []).flatMap((tag) => snapshot.tagIndex.get(tag) ?? []);
    const wantsNovel = filter.bookType === 'novel' ? 1 : 0;
    const wantsCompleted = filter.status === 'completed' ? 1 : 0;
    const hiddenRatings = filter.audience.hidden;
    const include = filter.includeDescriptors ?? 0;
    const exclude = filter.excludeDescriptors ?? 0;
    return (id) => {
      if ((snapshot.ratingBits[id]! & hiddenRatings) !== 0) return false;
      if (include !== 0 && (snapshot.descriptors[id]! & include) !== include) return false;
      if ((snapshot.descriptors[id]! & exclude) !== 0) return false;
      if (filter.bookType !== undefined && snapshot.isNovel[id] !== wantsNovel) return false;
      if (filter.status !== undefined && snapshot.isCompleted[id] !== wantsCompleted) return false;
      if (filter.hasFree !== undefined && snapshot.hasFree[id] !== (filter.hasFree ? 1 : 0)) return false;
      if (wanted.length === 0 && excluded.length === 0) return true;
      const tags = tagIndicesOf(snapshot, id);
      return wanted.every((index) => tags.includes(index!)) && !excluded.some((index) => tags.includes(index));
    };
  }

  const isUnfiltered = (filter: BookFilter) =>
    filter.audience.hidden === 0 &&
    !filter.includeDescriptors &&
    !filter.excludeDescriptors &&
    !filter.tag &&
    !filter.tags?.length &&
    !filter.excludeTags?.length &&
    !filter.bookType &&
    !filter.status &&
    filter.hasFree === undefined;

  const keyOf = (order: string, filter: BookFilter) =>
    JSON.stringify([
      order,
      filter.audience.hidden,
      filter.includeDescriptors ?? 0,
      filter.excludeDescriptors ?? 0,
      filter.tag ?? '',
      filter.tags ?? [],
      filter.excludeTags ?? [],
      filter.bookType ?? '',
      filter.status ?? '',
      filter.hasFree ?? '',
    ]);

  /** One order narrowed by the filters, computed once per snapshot and filter. */
  function filtered(snapshot: Snapshot, order: BookOrder, filter: BookFilter): Int32Array {
    if (isUnfiltered(filter)) return snapshot.order[order];
    const cacheKey = keyOf(order, filter);
    let ids = snapshot.byTag.get(cacheKey);
    if (!ids) {
      const matches = matcherOf(snapshot, filter);
      ids = matches ? snapshot.order[order].filter(matches) : new Int32Array(0);
      // Bounded: a few hundred filter combinations per snapshot (it is replaced within a minute).
      if (snapshot.byTag.size < 500) snapshot.byTag.set(cacheKey, ids);
    }
    return ids;
  }

  /** Place + 1 of every published book in an order (0 for the others), by id. */
  function placesIn(snapshot: Snapshot, order: BookOrder): Int32Array {
    let places = snapshot.places[order];
    if (!places) {
      places = new Int32Array(snapshot.tagStart.length);
      snapshot.order[order].forEach((id, place) => (places![id] = place + 1));
      snapshot.places[order] = places;
    }
    return places;
  }

  /**
   * The books a search matched (best first) that the list may show: published, with the tag and
   * of the kind asked for, in the order asked for (`relevance`: as the search ranked them).
   */
  function narrowMatches(snapshot: Snapshot, matches: ArrayLike<number>, order: BookSearchOrder, filter: BookFilter): Int32Array {
    const passes = matcherOf(snapshot, filter);
    if (!passes) return new Int32Array(0);
    const published = placesIn(snapshot, 'updated_at');
    const kept = new Int32Array(matches.length);
    let count = 0;
    for (let i = 0; i < matches.length; i += 1) {
      const id = matches[i]!;
      if ((published[id] ?? 0) > 0 && passes(id)) kept[count++] = id;
    }
    if (order === 'relevance') return kept.subarray(0, count);
    const places = placesIn(snapshot, order);
    return kept.subarray(0, count).sort((a, b) => places[a]! - places[b]!);
  }

  /** narrowMatches, kept per matches array (bounded: a few orders and filters per query). */
  function keptNarrowing(snapshot: Snapshot, matches: ArrayLike<number>, order: BookSearchOrder, filter: BookFilter): Int32Array {
    let byFilter = snapshot.narrowed.get(matches);
    if (!byFilter) {
      byFilter = new Map();
      snapshot.narrowed.set(matches, byFilter);
    }
    const key = keyOf(order, filter);
    let ids = byFilter.get(key);
    if (!ids) {
      ids = narrowMatches(snapshot, matches, order, filter);
      if (byFilter.size < 20) byFilter.set(key, ids);
    }
    return ids;
  }

  /**
   * The current snapshot seen from another list (discovery/): which books are published, whether a
   * book passes a filter, its tags. The object is the same while the snapshot is (a list computed
   * from it may be kept for as long).
   */
  const views = new WeakMap<Snapshot, Map<string, CatalogueView>>();
  function viewOf(snapshot: Snapshot, audience: Audience): CatalogueView {
    let byAudience = views.get(snapshot);
    if (!byAudience) views.set(snapshot, (byAudience = new Map()));
    let view = byAudience.get(audience.key);
    if (!view) {
      const published = placesIn(snapshot, 'updated_at');
      const hidden = audience.hidden;
      view = {
        isPublished: (id) => (published[id] ?? 0) > 0 && (snapshot.ratingBits[id]! & hidden) === 0,
        isCompleted: (id) => snapshot.isCompleted[id] === 1,
        matcher: (filter) => matcherOf(snapshot, { ...filter, audience, tag: filter.tag || undefined }),
        tagsOf: (id) => Array.from(tagIndicesOf(snapshot, id), (index) => snapshot.tagNames[index]!),
      };
      byAudience.set(audience.key, view);
    }
    return view;
  }

  return {
    /** The catalogue as `audience` sees it (the content rating rule applied). */
    async view(audience: Audience): Promise<CatalogueView> {
      return viewOf(await fresh(), audience);
    },
    async page(
      query: BookFilter & {
        order: BookSearchOrder;
        /** The books a search matched, best first (BookSearch): only these, narrowed by the filters. */
        matches?: ArrayLike<number> | undefined;
        page: number;
        pageSize: number;
      },
    ): Promise<RankedPage> {
      const snapshot = await fresh();
      const filter: BookFilter = { ...query, tag: query.tag || undefined };
      const ids = query.matches
        ? keptNarrowing(snapshot, query.matches, query.order, filter)
        : filtered(snapshot, query.order === 'relevance' ? 'updated_at' : query.order, filter);
      const start = query.page * query.pageSize;
      const pageIds = Array.from(ids.subarray(start, start + query.pageSize));
      return {
        ids: pageIds,
        tags: pageIds.map((id) => Array.from(tagIndicesOf(snapshot, id), (index) => snapshot.tagNames[index]!)),
        total: ids.length,
      };
    },
    async tagsByUse(): Promise<string[]> {
      return (await fresh()).tagsByUse;
    },
    /** Builds the first snapshot ahead of the first search (called when the server is ready). */
    async warm(): Promise<void> {
      await fresh();
    },
  };
}

export type RankingSnapshot = ReturnType<typeof createRankingSnapshot>;
