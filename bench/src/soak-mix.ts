import type { BenchAccount } from './accounts.js';
import { createRandom, type Random } from './random.js';
import { searchPath } from './routes.js';
import type { PoolBook, SoakPool } from './soak-pool.js';

export const SOAK_KINDS = ['search', 'chapter list', 'free chapter', 'member chapter', 'like', 'events', 'login'] as const;
export type SoakKind = (typeof SOAK_KINDS)[number];

/** The only status each kind may answer; anything else (a 429 included) is an error. */
export const EXPECTED_STATUS: Record<SoakKind, number> = {
  search: 200,
  'chapter list': 200,
  'free chapter': 200,
  'member chapter': 200,
  like: 200,
  events: 202,
  login: 200,
};

/** Shares of the requests that are not paced (the paced ones take their turn out of the same stream). */
export const MIX_WEIGHTS: Readonly<Record<Exclude<SoakKind, 'events' | 'login'>, number>> = {
  search: 35,
  'chapter list': 20,
  'free chapter': 25,
  'member chapter': 17,
  like: 3,
};

/**
 * Logins and reading events are limited per IP per minute (plugins/rate-limit.ts: 30 and 120), and
 * every soak request comes from 127.0.0.1, so they are paced well inside those limits: a 429 would
 * be an error, and the limits stay on. The counters use fixed one-minute windows; at most
 * `perMinute + 1` paced calls fall into any window, plus the logins made before the load starts.
 */
export const PACED_PER_MINUTE = { login: 20, events: 90 } as const;

export interface SoakRequest {
  kind: SoakKind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoggedInAccount extends BenchAccount {
  token: string;
}

const API = '/api/v1';

/** Search pages as readers ask them: mostly the first, sometimes a few more, rarely deep. */
function searchPage(random: Random): number {
  const roll = random.next();
  if (roll < 0.6) return 0;
  if (roll < 0.85) return random.int(1, 4);
  if (roll < 0.95) return random.int(5, 50);
  return random.int(51, 200);
}

/**
 * The soak's request stream: `next()` is called for every request autocannon sends, so paced kinds
 * go out on their schedule whichever connection asks, and the rest follow MIX_WEIGHTS.
 */
export function createSoakMix(pool: SoakPool, accounts: readonly LoggedInAccount[], seed: number) {
  const random = createRandom(seed);
  const weighted = Object.entries(MIX_WEIGHTS) as [keyof typeof MIX_WEIGHTS, number][];
  const totalWeight = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  const sent = { login: 0, events: 0 };
  let startedAt: number | null = null;
  let accountTurn = 0;

  const nextAccount = () => accounts[accountTurn++ % accounts.length] as LoggedInAccount;
  const auth = (account: LoggedInAccount) => ({ authorization: `Bearer ${account.token}` });
  const json = { 'content-type': 'application/json' };
  /** 80 % of reads go to the most popular thousand books (the hot end more often), 20 % to the long tail. */
  const pickBook = (accept: (book: PoolBook) => boolean): PoolBook => {
    for (;;) {
      const book =
        random.next() < 0.8
          ? pool.popular[Math.floor(random.next() ** 2 * pool.popular.length)]
          : pool.spread[Math.floor(random.next() * pool.spread.length)];
      if (book && accept(book)) return book;
    }
  };

  function build(kind: SoakKind): SoakRequest {
    switch (kind) {
      case 'search': {
        const order = random.next() < 0.5 ? 'updated_at' : 'popularity';
        const tag = random.next() < 0.5 ? random.pick(pool.tags) : null;
        return { kind, method: 'GET', path: searchPath(order, tag, searchPage(random)), headers: {} };
      }
      case 'chapter list': {
        const book = pickBook(() => true);
        const direction = random.next() < 0.7 ? 'asc' : 'desc';
        return { kind, method: 'GET', path: `${API}/comics/chapters/${book.uuid}/en-us/${direction}/0/10`, headers: {} };
      }
      case 'free chapter': {
        const book = pickBook((b) => b.freeChapters > 0);
        const chapter = book.chapters[random.int(0, book.freeChapters - 1)];
        return { kind, method: 'GET', path: `${API}/comics/chapter_comics/${chapter}/en-us`, headers: {} };
      }
      case 'member chapter': {
        const book = pickBook((b) => b.chapters.length > b.freeChapters);
        const chapter = book.chapters[random.int(book.freeChapters, book.chapters.length - 1)];
        return { kind, method: 'GET', path: `${API}/comics/chapter_comics/${chapter}/en-us`, headers: auth(nextAccount()) };
      }
      case 'like': {
        const book = pickBook(() => true);
        const body = JSON.stringify({ book_uuid: book.uuid, chapter_uuid: random.pick(book.chapters) });
        return { kind, method: 'POST', path: `${API}/comics/chapter/favor`, headers: { ...json, ...auth(nextAccount()) }, body };
      }
      case 'events': {
        const book = pickBook(() => true);
        const chapter_uuid = random.pick(book.chapters);
        const events = [
          { type: 'open_book', book_uuid: book.uuid },
          { type: 'start_reading', book_uuid: book.uuid, chapter_uuid },
          { type: 'finish_reading', book_uuid: book.uuid, chapter_uuid },
        ];
        // Half the calls come from logged-in readers, half from visitors (counted by address).
        const headers = random.next() < 0.5 ? { ...json, ...auth(nextAccount()) } : json;
        return { kind, method: 'POST', path: `${API}/events`, headers, body: JSON.stringify({ events }) };
      }
      case 'login': {
        const account = nextAccount();
        const body = JSON.stringify({ username: account.username, password: account.password });
        return { kind, method: 'POST', path: `${API}/user/login`, headers: json, body };
      }
    }
  }

  return {
    next(now: number): SoakRequest {
      startedAt ??= now;
      const minutes = (now - startedAt) / 60_000;
      for (const kind of ['login', 'events'] as const) {
        if (sent[kind] < Math.floor(minutes * PACED_PER_MINUTE[kind]) + 1) {
          sent[kind]++;
          return build(kind);
        }
      }
      let roll = random.next() * totalWeight;
      for (const [kind, weight] of weighted) {
        roll -= weight;
        if (roll < 0) return build(kind);
      }
      return build('search');
    },
  };
}
