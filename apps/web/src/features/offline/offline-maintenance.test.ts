import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryOfflineStorage } from '../../test-support/offline-memory';
import { checkAnswer, chapterUuid, savedRecord } from '../../test-support/offline-fixtures';
import { dropExpired, dropOrphanPages, forgetPaidChapters, recheckSaved, settleInterrupted } from './offline-maintenance';
import { OFFLINE_ERROR } from './offline-errors';
import { savedChapterContent } from './offline-reading';

const T = Date.parse('2030-03-01T12:00:00.000Z');
const page = () => new Blob([new Uint8Array(4)], { type: 'image/webp' });

/** A storage holding these records, each with its pages. */
async function holding(...records: ReturnType<typeof savedRecord>[]) {
  const storage = memoryOfflineStorage();
  for (const record of records) {
    await storage.store.put(record);
    for (let i = 0; i < record.page_count; i += 1) await storage.pages.put(record.chapter_uuid, i, page());
  }
  return storage;
}

const pagesOf = (storage: ReturnType<typeof memoryOfflineStorage>, number: number) =>
  [...storage.images.keys()].filter((url) => url.includes(chapterUuid(number)));

afterEach(() => vi.useRealTimers());

describe('saves a closed tab interrupted', () => {
  it('are deleted with their pages when offline; saved ones stay', async () => {
    const storage = await holding(savedRecord(1, { state: 'saving' }), savedRecord(2));
    const finish = vi.fn(async () => undefined);
    expect(await settleInterrupted(storage, false, finish)).toBe(1);
    expect(finish).not.toHaveBeenCalled();
    expect(storage.records.has(chapterUuid(1))).toBe(false);
    expect(pagesOf(storage, 1)).toEqual([]);
    expect(storage.records.get(chapterUuid(2))!.state).toBe('saved');
  });

  it('are handed to be finished when online; what is still saving afterwards goes', async () => {
    const storage = await holding(savedRecord(1, { state: 'saving' }), savedRecord(2, { state: 'saving' }));
    await settleInterrupted(storage, true, async (chapters) => {
      expect(chapters.map((chapter) => chapter.chapter_number)).toEqual([1, 2]);
      // Chapter 1 finishes; chapter 2's save fails half way and leaves it saving.
      await storage.store.put({ ...(await storage.store.get(chapterUuid(1)))!, state: 'saved' });
    });
    expect(storage.records.get(chapterUuid(1))!.state).toBe('saved');
    expect(storage.records.has(chapterUuid(2))).toBe(false);
    expect(pagesOf(storage, 2)).toEqual([]);
  });
});

describe('expiry', () => {
  it('deletes a member’s copy past its end, with its pages, and keeps the others', async () => {
    const storage = await holding(
      savedRecord(1, { access: 'member', readable_until: T - 1 }),
      savedRecord(2, { access: 'member', readable_until: T + 60_000 }),
      savedRecord(3, { access: 'free' }),
    );
    expect(await dropExpired(storage, T)).toBe(1);
    expect([...storage.records.keys()].sort()).toEqual([chapterUuid(2), chapterUuid(3)]);
    expect(pagesOf(storage, 1)).toEqual([]);
  });

  it('does not reopen a chapter when the device clock is turned back: the latest time seen is the floor', async () => {
    const storage = await holding(savedRecord(1, { access: 'member', readable_until: T }));
    storage.setClock(T + 1);
    // The device says an hour before the end.
    expect(await dropExpired(storage, T - 3_600_000)).toBe(1);
    expect(storage.records.size).toBe(0);
  });

  it('the reader gets the expired refusal, with the chapter’s place, and the pages are gone', async () => {
    const storage = await holding(savedRecord(7, { access: 'member', readable_until: T }));
    storage.setClock(T + 5);
    vi.useFakeTimers({ now: T - 86_400_000, toFake: ['Date'] });
    const refusal = await savedChapterContent(chapterUuid(7), storage).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ status: 403, code: OFFLINE_ERROR.expired, body: { chapter_number: 7, chapter_uuid: chapterUuid(7) } });
    expect(storage.records.size).toBe(0);
    expect(storage.images.size).toBe(0);
  });

  it('a copy the start deleted for its end still answers the reader with the expired refusal, not "not saved"', async () => {
    const storage = await holding(savedRecord(7, { access: 'member', readable_until: T }));
    await dropExpired(storage, T + 1);
    expect(storage.records.size).toBe(0);
    await expect(savedChapterContent(chapterUuid(7), storage)).rejects.toMatchObject({
      code: OFFLINE_ERROR.expired,
      body: { chapter_number: 7 },
    });
    // Saved again later, the note goes with the new copy's save.
    await storage.store.forgetEnded({ chapterUuid: chapterUuid(7) });
    await expect(savedChapterContent(chapterUuid(7), storage)).rejects.toMatchObject({ code: OFFLINE_ERROR.notSaved });
  });

  it('the reader gets a copy before its end, and the not-saved refusal for a chapter with none', async () => {
    const storage = await holding(savedRecord(1, { access: 'member', readable_until: T }));
    vi.useFakeTimers({ now: T - 1_000, toFake: ['Date'] });
    expect((await savedChapterContent(chapterUuid(1), storage)).pages[0]!.url).toBe(`/offline-pages/${chapterUuid(1)}/0`);
    await expect(savedChapterContent(chapterUuid(2), storage)).rejects.toMatchObject({ code: OFFLINE_ERROR.notSaved });
    // A save still under way is not a copy.
    await storage.store.put(savedRecord(3, { state: 'saving' }));
    await expect(savedChapterContent(chapterUuid(3), storage)).rejects.toMatchObject({ code: OFFLINE_ERROR.notSaved });
  });
});

describe('the re-check when online', () => {
  it('replaces a stored end with the server’s, a tampered one too', async () => {
    const storage = await holding(savedRecord(1, { access: 'member', readable_until: Date.parse('2099-01-01T00:00:00.000Z') }));
    const end = '2030-03-10T00:00:00.000Z';
    const check = vi.fn(async () => checkAnswer([[1, 'member', end]]));
    expect(await recheckSaved(storage, check, { now: T, onlyPaid: true })).toEqual({ kept: 1, removed: 0 });
    expect(storage.records.get(chapterUuid(1))).toMatchObject({ readable_until: Date.parse(end), access: 'member' });
  });

  it('a copy that became a coin unlock has no end any more; one with a new membership takes its end', async () => {
    const storage = await holding(
      savedRecord(1, { access: 'member', readable_until: T }),
      savedRecord(2, { access: 'granted', readable_until: null }),
    );
    await recheckSaved(
      storage,
      async () =>
        checkAnswer([
          [1, 'granted'],
          [2, 'member', '2030-04-01T00:00:00.000Z'],
        ]),
      {
        now: T,
        onlyPaid: true,
      },
    );
    expect(storage.records.get(chapterUuid(1))).toMatchObject({ access: 'granted', readable_until: null });
    expect(storage.records.get(chapterUuid(2))).toMatchObject({ access: 'member', readable_until: Date.parse('2030-04-01T00:00:00.000Z') });
  });

  it('deletes what is no longer readable, pages too: revoked, refunded, unpublished, a free chapter now for members', async () => {
    const storage = await holding(
      savedRecord(1, { access: 'member', readable_until: T + 1_000_000 }),
      savedRecord(2, { access: 'granted' }),
      savedRecord(3, { access: 'member', readable_until: T + 1_000_000 }),
      savedRecord(4, { access: 'free' }),
      savedRecord(5, { access: 'free' }),
    );
    const check = vi.fn(async () =>
      checkAnswer([
        [1, 'expired'],
        [2, 'members_only'],
        [3, 'missing'],
        [4, 'members_only'],
        [5, 'free'],
      ]),
    );
    expect(await recheckSaved(storage, check, { now: T, onlyPaid: false })).toEqual({ kept: 1, removed: 4 });
    expect([...storage.records.keys()]).toEqual([chapterUuid(5)]);
    expect([...storage.images.keys()].every((url) => url.includes(chapterUuid(5)))).toBe(true);
    // Offline afterwards, the refused copies say they ended; the unpublished one is simply not there.
    expect([...storage.ended.keys()].sort()).toEqual([chapterUuid(1), chapterUuid(2), chapterUuid(4)]);
  });

  it('asks only about the paid copies when told so, in batches of 200, and leaves copies the answer does not name', async () => {
    const records = Array.from({ length: 250 }, (_, i) =>
      savedRecord(i + 1, { access: 'member', readable_until: T + 1_000, page_count: 0 }),
    );
    const storage = await holding(...records, savedRecord(900, { access: 'free' }));
    const check = vi.fn(async (uuids: string[]) =>
      checkAnswer(uuids.slice(1).map((uuid) => [Number(uuid.slice(-12)), 'member', '2030-05-01T00:00:00.000Z'])),
    );
    await recheckSaved(storage, check, { now: T, onlyPaid: true });
    expect(check.mock.calls.map(([uuids]) => uuids.length)).toEqual([200, 50]);
    expect(check.mock.calls.flatMap(([uuids]) => uuids)).not.toContain(chapterUuid(900));
    // The first of each batch was not named: left as it was.
    expect(storage.records.get(chapterUuid(1))!.readable_until).toBe(T + 1_000);
    expect(storage.records.get(chapterUuid(2))!.readable_until).toBe(Date.parse('2030-05-01T00:00:00.000Z'));
  });

  it('takes the server’s time as a floor for the clock', async () => {
    const storage = await holding(savedRecord(1, { access: 'member', readable_until: T + 1_000 }));
    await recheckSaved(storage, async () => checkAnswer([[1, 'member', '2030-05-01T00:00:00.000Z']], '2030-03-02T00:00:00.000Z'), {
      now: T,
      onlyPaid: true,
    });
    expect(storage.clock()).toBe(Date.parse('2030-03-02T00:00:00.000Z'));
  });
});

describe('logout and leftovers', () => {
  it('at logout, every copy but the free ones goes', async () => {
    const storage = await holding(
      savedRecord(1, { access: 'free' }),
      savedRecord(2, { access: 'member', readable_until: T }),
      savedRecord(3, { access: 'granted' }),
      savedRecord(4, { access: 'admin' }),
    );
    expect(await forgetPaidChapters(storage)).toBe(3);
    expect([...storage.records.keys()]).toEqual([chapterUuid(1)]);
    expect(pagesOf(storage, 2)).toEqual([]);
  });

  it('pages no record owns are deleted', async () => {
    const storage = await holding(savedRecord(1));
    await storage.pages.put(chapterUuid(9), 0, page());
    await storage.pages.put(chapterUuid(9), 4, page());
    await dropOrphanPages(storage);
    expect(pagesOf(storage, 9)).toEqual([]);
    expect(pagesOf(storage, 1)).toHaveLength(2);
  });
});
