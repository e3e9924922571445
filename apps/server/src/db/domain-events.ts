import type { Transaction } from 'kysely';
import type { Db, DbExecutor } from './db-types.js';
import type { Database } from './schema.js';

/**
 * What a committed change tells the rest of the process (docs/ARCHITECTURE.md, "After a commit"):
 * each event is raised inside the transaction that makes the change and delivered once, after that
 * transaction has committed; a rolled-back transaction delivers nothing. Not to be confused with
 * modules/events/ (readers' reading events, a table).
 */
export interface DomainEventMap {
  /**
   * A book's own data changed: its row (publication, free chapters, sales, reading), texts, tags,
   * credits, cover, its place among the recommendations; a new book. Moves the catalogue version.
   */
  'book-changed': { bookId: number };
  /** Chapters of the book changed: added, titles, pages, order, publication, schedule, price, early access. Moves the catalogue version. */
  'chapter-changed': { bookId: number };
  /** Site settings changed (settings/site-settings.service.ts): the keys that did. Moves the site-settings version. */
  'site-settings-changed': { keys: string[] };
  /**
   * The content-rating policy changed (issue 61: adult_books, adult_books_for_others,
   * blur_mature_covers): which books the lists show moved, so it moves the catalogue version too.
   */
  'content-rules-changed': { keys: string[] };
  /** A privacy or terms text was published (legal/legal.service.ts). Moves the legal-texts version. */
  'legal-text-published': { kind: string; language: string };
  /** A user's grants changed; `memberUntil` is the end of their membership after it (null: none left). */
  'membership-changed': { userId: number; memberUntil: number | null };
  /** An account column its tokens are checked against changed: token version, disabled, role. */
  'account-changed': { userId: number };
  /** A user liked a chapter, or took the like back. */
  'chapter-like-changed': { userId: number; chapterId: number };
  /** A message's `mail-send` job was queued: a new message, a resend, a retry (mail/mail-queue.ts). */
  'mail-queued': { uuid: string };
  /** Any other job was queued (jobs/job-runner.ts enqueue): a scheduled release, an uploaded import. */
  'job-queued': { kind: string };
  /** A visible reply to someone else's comment recorded its alert (community/comments.service.ts). */
  'reply-alert-recorded': { alertId: number };
  /** An order was created, paid, failed, expired or refunded (the metrics count it once committed). */
  'order-changed': { orderId: string; provider: string; plan: string; event: 'created' | 'paid' | 'failed' | 'expired' | 'refunded' };
  /** A reader's rating of a book was written or withdrawn: how the book's score sum and count moved. */
  'rating-changed': { bookId: number; sumDelta: number; countDelta: number };
}

export type DomainEventType = keyof DomainEventMap;
export type DomainEvent<K extends DomainEventType = DomainEventType> = K extends DomainEventType ? { type: K } & DomainEventMap[K] : never;
export type DomainEventListener<K extends DomainEventType> = (event: DomainEvent<K>) => unknown;

/**
 * The changes of what the site shows to everyone: each moves a version that caches are kept by
 * (catalogue/catalogue-changes.ts, the one handler). They are raised only inside a transaction
 * opened by `transact`, whose commit carries the new version: raised anywhere else they throw.
 */
export const CONTENT_CHANGES = [
  'book-changed',
  'chapter-changed',
  'site-settings-changed',
  'content-rules-changed',
  'legal-text-published',
] as const;
export type ContentChangeType = (typeof CONTENT_CHANGES)[number];
const isContentChange = (type: DomainEventType): type is ContentChangeType => (CONTENT_CHANGES as readonly string[]).includes(type);

/**
 * Hears a committed transaction's events of some types together, once per transaction rather than
 * once per event (a hundred books written in one transaction move a version once).
 */
export interface ChangesHandler<K extends DomainEventType> {
  /**
   * Inside the raising transaction, after its work and just before it commits: a write that must
   * commit with the change or not at all (a version other processes poll). Throwing rolls it back.
   */
  beforeCommit(trx: Transaction<Database>, events: readonly DomainEvent<K>[]): Promise<void>;
  /** Once it committed, before the per-event listeners; a failure goes to `onError` like theirs. */
  afterCommit(events: readonly DomainEvent<K>[]): unknown;
}

export interface DomainEvents {
  /**
   * Runs `work` in a transaction of its own; the events raised in it are delivered once it has
   * committed (and awaited: the caller's answer follows what they did), never when it rolled back.
   * The handlers of those events (`handle`) run in it first, after `work`, just before the commit.
   */
  transact<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * In a transaction opened by `transact`: kept for its commit (an identical event raised twice in
   * one transaction is delivered once). Outside any transaction: delivered now, so call it after
   * the statement; a content change (CONTENT_CHANGES) throws there. In a transaction opened any
   * other way it throws: the event would be lost.
   */
  raise(executor: DbExecutor, event: DomainEvent): Promise<void>;
  /** Listens from now on; returns the function that stops listening. */
  on<K extends DomainEventType>(type: K, listener: DomainEventListener<K>): () => void;
  /** Handles the events of `types` per transaction (see ChangesHandler); returns the function that stops it. */
  handle<K extends DomainEventType>(types: readonly K[], handler: ChangesHandler<K>): () => void;
}

/** What a function that makes a change needs of the channel: raising its event. */
export type EventRaiser = Pick<DomainEvents, 'raise'>;

export interface DomainEventsOptions {
  /** A listener that threw or rejected: the change is committed all the same; others still hear of it. */
  onError?: (error: unknown, event: DomainEvent) => void;
}

/** The one channel of a process's committed changes, built and listened to by the wiring root (wiring/after-commit.ts). */
export function createDomainEvents(db: Db, options: DomainEventsOptions = {}): DomainEvents {
  const listeners = new Map<DomainEventType, Set<(event: DomainEvent) => unknown>>();
  const handlers = new Set<{ types: ReadonlySet<DomainEventType>; handler: ChangesHandler<DomainEventType> }>();
  /** The events each open transaction raised so far; its entry leaves when the transaction ends. */
  const pending = new WeakMap<Transaction<Database>, DomainEvent[]>();

  /** Each event once, in the order first raised (an identical event raised twice is one change). */
  function distinct(events: readonly DomainEvent[]): DomainEvent[] {
    const seen = new Set<string>();
    return events.filter((event) => {
      const key = JSON.stringify(event);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** The handlers that hear some of `events`, each with its share. */
  function shares(events: readonly DomainEvent[]) {
    return [...handlers]
      .map(({ types, handler }) => ({ handler, mine: events.filter((event) => types.has(event.type)) }))
      .filter(({ mine }) => mine.length > 0);
  }

  async function deliver(raised: readonly DomainEvent[]): Promise<void> {
    const events = distinct(raised);
    for (const { handler, mine } of shares(events)) {
      try {
        await handler.afterCommit(mine);
      } catch (error) {
        options.onError?.(error, mine[0]!);
      }
    }
    for (const event of events) {
      const heard = [...(listeners.get(event.type) ?? [])].map(async (listener) => {
        try {
          await listener(event);
        } catch (error) {
          options.onError?.(error, event);
        }
      });
      await Promise.all(heard);
    }
  }

  return {
    async transact(work) {
      const raised: DomainEvent[] = [];
      let opened: Transaction<Database> | undefined;
      let result;
      try {
        result = await db.transaction().execute(async (trx) => {
          opened = trx;
          pending.set(trx, raised);
          const value = await work(trx);
          for (const { handler, mine } of shares(distinct(raised))) await handler.beforeCommit(trx, mine);
          return value;
        });
      } finally {
        if (opened) pending.delete(opened);
      }
      await deliver(raised);
      return result;
    },
    async raise(executor, event) {
      if (!executor.isTransaction) {
        if (isContentChange(event.type))
          throw new Error(
            `'${event.type}' raised outside a transaction: raise it inside transact(), whose commit carries the version it moves`,
          );
        return deliver([event]);
      }
      const raised = pending.get(executor as Transaction<Database>);
      if (!raised) throw new Error(`'${event.type}' raised in a transaction not opened by transact(): it would never be delivered`);
      raised.push(event);
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      const added = listener as (event: DomainEvent) => unknown;
      set.add(added);
      return () => void set.delete(added);
    },
    handle(types, handler) {
      const entry = { types: new Set<DomainEventType>(types), handler: handler as ChangesHandler<DomainEventType> };
      handlers.add(entry);
      return () => void handlers.delete(entry);
    },
  };
}
