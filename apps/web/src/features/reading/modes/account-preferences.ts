import type { ReadingPreferences } from '@inkstream/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { preferencesApi } from '../../../lib/api-preferences';
import { applyChange, EMPTY_PREFERENCES, mergeChanges, visitorHandover, type PreferencesChange } from './preferences-state';
import { forgetVisitorPreferences, readVisitorPreferences } from './visitor-preferences';

/** Quick successive changes (a slider dragged, three radios tried) go out as one call this long after the last. */
export const SAVE_DELAY_MS = 500;

export const preferencesKey = (userUuid: string) => ['reading-preferences', userUuid] as const;

/**
 * A member's preferences: asked once a session (they change only through this page, whose cache
 * is kept up to date), not per chapter. On the first answer, what the reader chose as a visitor
 * in this browser moves into the account (handOver).
 */
export function preferencesQueryOptions(queryClient: QueryClient, userUuid: string) {
  return queryOptions({
    queryKey: preferencesKey(userUuid),
    // A choice made while this was on its way stays on top of the answer (the answer does not undo it).
    queryFn: async () => preferencesWriter(queryClient, userUuid).received(await handOver(await preferencesApi.get())),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}

/**
 * The visitor's book choices the account does not have yet (at most one call's worth, the most
 * recent) and the defaults it has not set go into the account in one call; then the browser keeps
 * them no more. A book no longer published is left out and the call made again; any other failure
 * keeps them for the next session.
 */
async function handOver(account: ReadingPreferences): Promise<ReadingPreferences> {
  let change = visitorHandover(readVisitorPreferences(), account);
  for (let tries = 0; change && tries < 3; tries++) {
    try {
      const after = await preferencesApi.put(change);
      forgetVisitorPreferences();
      return after;
    } catch (error) {
      const index =
        error instanceof ApiError && error.status === 404 ? /^books\.(\d+)\./.exec(error.details[0]?.field ?? '')?.[1] : undefined;
      if (index === undefined || !change.books) return account;
      const books = change.books.filter((_, at) => at !== Number(index));
      change = books.length > 0 || change.defaults ? { ...change, books } : null;
    }
  }
  forgetVisitorPreferences();
  return account;
}

/**
 * Sends a member's changes: the cache shows them at once (optimistic), they go out together once
 * the reader pauses, one call at a time. The cache always shows the last answer of the server with
 * the changes not yet answered on top; a change the server refused is taken back (the reader sees
 * the setting return) and `failed` says so until a later change is saved.
 */
export class PreferencesWriter {
  private confirmed: ReadingPreferences | undefined;
  private sending: PreferencesChange | null = null;
  private waiting: PreferencesChange | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private answeredPut = false;
  private listeners = new Set<() => void>();
  failed = false;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly userUuid: string,
  ) {}

  change(change: PreferencesChange): void {
    if (!this.sending && !this.waiting) this.confirmed = this.queryClient.getQueryData(preferencesKey(this.userUuid));
    this.waiting = this.waiting ? mergeChanges(this.waiting, change) : change;
    this.show();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  /**
   * The server's answer to the first GET: it becomes what is confirmed unless a PUT has answered
   * since (that answer is newer), and the changes not answered yet are shown on top of it.
   */
  received(answer: ReadingPreferences): ReadingPreferences {
    if (!this.answeredPut) this.confirmed = answer;
    return this.shown();
  }

  /** Sends what waits now (the reader leaves the screen or the page). */
  flush(): void {
    clearTimeout(this.timer);
    if (this.sending || !this.waiting) return;
    const sending = (this.sending = this.waiting);
    this.waiting = null;
    preferencesApi.put(sending).then(
      (answer) => {
        this.confirmed = answer;
        this.answeredPut = true;
        this.settle(false);
      },
      () => this.settle(true),
    );
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private settle(failed: boolean): void {
    this.sending = null;
    if (this.failed !== failed) {
      this.failed = failed;
      this.listeners.forEach((listener) => listener());
    }
    this.show();
    if (this.waiting) this.flush();
  }

  private shown(): ReadingPreferences {
    const unanswered = [this.sending, this.waiting].filter((change) => change !== null);
    const now = new Date().toISOString();
    return unanswered.reduce((preferences, change) => applyChange(preferences, change, now), this.confirmed ?? EMPTY_PREFERENCES);
  }

  private show(): void {
    this.queryClient.setQueryData(preferencesKey(this.userUuid), this.shown());
  }
}

const writers = new WeakMap<QueryClient, Map<string, PreferencesWriter>>();

/** One writer per member and cache, for the page's life: what one screen left waiting is still sent. */
export function preferencesWriter(queryClient: QueryClient, userUuid: string): PreferencesWriter {
  const forClient = writers.get(queryClient) ?? new Map<string, PreferencesWriter>();
  writers.set(queryClient, forClient);
  let writer = forClient.get(userUuid);
  if (!writer) forClient.set(userUuid, (writer = new PreferencesWriter(queryClient, userUuid)));
  return writer;
}
