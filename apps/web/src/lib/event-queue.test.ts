import type { ReadingEvent } from '@inkstream/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postEvents, sendEvents } from './api-reading';
import { EVENT_QUEUE_MAX, flushEvents, keepEvents, keptEvents } from './event-queue';
import { STORAGE_KEYS } from './storage-keys';

const BOOK = '7740b33e-9d64-5d69-aa6c-928c382935c4';
const event = (i: number): ReadingEvent => ({
  type: 'start_reading',
  book_uuid: BOOK,
  at: new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString(),
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('reading events kept for later', () => {
  it('keep their order and, past the bound, only the newest', () => {
    keepEvents(Array.from({ length: EVENT_QUEUE_MAX - 2 }, (_, i) => event(i)));
    keepEvents([event(1000), event(1001), event(1002), event(1003)]);
    const kept = keptEvents();
    expect(kept).toHaveLength(EVENT_QUEUE_MAX);
    expect(kept[0]).toEqual(event(2));
    expect(kept.slice(-4)).toEqual([event(1000), event(1001), event(1002), event(1003)]);
  });

  it('go out oldest first in the API’s batches, and each answered batch is removed', async () => {
    keepEvents(Array.from({ length: 120 }, (_, i) => event(i)));
    const batches: ReadingEvent[][] = [];
    await flushEvents(async (events) => {
      batches.push(events);
      return true;
    });
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(Array.from({ length: 120 }, (_, i) => event(i)));
    expect(keptEvents()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.eventQueue)).toBeNull();
  });

  it('stay when a batch fails, and what was kept during a flush waits for the next', async () => {
    keepEvents(Array.from({ length: 60 }, (_, i) => event(i)));
    let calls = 0;
    await flushEvents(async () => {
      calls += 1;
      if (calls === 1) {
        keepEvents([event(500)]);
        return true;
      }
      return false;
    });
    expect(keptEvents()).toEqual([...Array.from({ length: 10 }, (_, i) => event(50 + i)), event(500)]);
  });

  it('are sent once when two flushes start together', async () => {
    keepEvents([event(1), event(2)]);
    const post = vi.fn(async () => true);
    await Promise.all([flushEvents(post), flushEvents(post), flushEvents(post)]);
    expect(post).toHaveBeenCalledTimes(1);
    await flushEvents(post);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('drop what a stored entry holds beyond an event (the API body is closed)', async () => {
    localStorage.setItem(
      STORAGE_KEYS.eventQueue,
      JSON.stringify([{ id: 'a', event: { ...event(1), extra: 'x' } }, { id: 'b', event: { type: 'nonsense', book_uuid: BOOK } }, 'junk']),
    );
    expect(keptEvents()).toEqual([event(1)]);
  });
});

describe('sending reading events', () => {
  const answering = (status: number | 'network') => {
    const fetch = vi.fn(async () => {
      if (status === 'network') throw new TypeError('Failed to fetch');
      return new Response('{}', { status, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const bodyOf = (fetch: ReturnType<typeof answering>) =>
    JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as { events: ReadingEvent[] };

  it('stamps each event with its client time', async () => {
    const fetch = answering(202);
    sendEvents([{ type: 'open_book', book_uuid: BOOK }]);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(Date.parse(bodyOf(fetch).events[0]!.at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('offline, keeps them without a request', () => {
    const fetch = answering(202);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    sendEvents([event(1)]);
    expect(fetch).not.toHaveBeenCalled();
    expect(keptEvents()).toEqual([event(1)]);
  });

  it('keeps them after a network error or a server failure, with the same time, so a resend is a repeat', async () => {
    answering('network');
    sendEvents([event(1)]);
    await vi.waitFor(() => expect(keptEvents()).toEqual([event(1)]));
    answering(503);
    sendEvents([event(2)]);
    await vi.waitFor(() => expect(keptEvents()).toEqual([event(1), event(2)]));
  });

  it('counts an answer, taken or refused, as done, and a failure of the server or the network as not', async () => {
    for (const [status, answered] of [
      [202, true],
      [400, true],
      [429, false],
      [503, false],
      ['network', false],
    ] as const) {
      answering(status);
      expect(await postEvents([event(1)]), String(status)).toBe(answered);
    }
  });
});
