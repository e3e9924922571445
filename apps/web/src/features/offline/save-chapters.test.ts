import type { ChapterContent } from '@inkstream/contracts';
import { ErrorCode } from '@inkstream/contracts/error-codes';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { memoryOfflineStorage } from '../../test-support/offline-memory';
import { BOOK, chapterUuid, checkAnswer, comicContent, savedRecord } from '../../test-support/offline-fixtures';
import { endedCopyOf } from './offline-maintenance';
import { readableUntilOf, saveChapters, type SaveDeps, type SaveRequest } from './save-chapters';

const NOW = Date.parse('2030-01-01T00:00:00.000Z');

function request(numbers: number[], overrides: Partial<SaveRequest> = {}): SaveRequest {
  return {
    book: { book_uuid: BOOK, title: 'The book', book_type: 'comic', cover_image: '/media/covers/c.webp' },
    chapters: numbers.map((n) => ({ chapter_uuid: chapterUuid(n), chapter_number: n, title: `Chapter title ${n}` })),
    language: 'en-us',
    lighter: false,
    ...overrides,
  };
}

/** A page image of `size` bytes, as downloadFile's blob. */
const image = (size = 10) => new Blob([new Uint8Array(size)], { type: 'image/webp' });

function deps(overrides: Partial<SaveDeps> = {}) {
  const storage = memoryOfflineStorage();
  const base: SaveDeps = {
    storage,
    check: vi.fn(async (uuids: string[]) => checkAnswer(uuids.map((uuid) => [Number(uuid.slice(-12)), 'free'] as [number, 'free']))),
    content: vi.fn(async (uuid: string) => comicContent(Number(uuid.slice(-12)))),
    image: vi.fn(async () => image()),
    isMetered: () => false,
    now: () => NOW,
  };
  return { storage, deps: { ...base, ...overrides } };
}

describe('saving chapters for offline reading', () => {
  it('checks the batch once, then stores each chapter: its pages under /offline-pages, then the record saved', async () => {
    const { storage, deps: d } = deps();
    const outcome = await saveChapters(d, request([1, 2]));
    expect(outcome).toEqual({ saved: 2, skipped: [] });
    expect(d.check).toHaveBeenCalledTimes(1);
    expect(d.check).toHaveBeenCalledWith([chapterUuid(1), chapterUuid(2)]);
    const record = storage.records.get(chapterUuid(1))!;
    expect(record.state).toBe('saved');
    expect(record.page_count).toBe(3);
    expect(record.bytes).toBe(30);
    expect(record.readable_until).toBeNull();
    expect(record.content.pages.map((page) => page.url)).toEqual([0, 1, 2].map((i) => `/offline-pages/${chapterUuid(1)}/${i}`));
    expect(record.content.pages[0]).not.toHaveProperty('sources');
    expect(storage.images.size).toBe(6);
    // The WebP the reader would show, never the AVIF or the fallback.
    expect(vi.mocked(d.image).mock.calls.map(([url]) => url)).toContain(`/media/pages/${chapterUuid(1)}/0.webp?exp=1&sig=c`);
    expect(vi.mocked(d.image).mock.calls.every(([url]) => url.includes('.webp'))).toBe(true);
  });

  it('keeps a member’s copy until the membership’s end the check gave, and no end for free or unlocked chapters', async () => {
    const end = '2030-02-01T10:00:00.000Z';
    const { storage, deps: d } = deps({
      check: async () =>
        checkAnswer([
          [1, 'member', end],
          [2, 'granted'],
          [3, 'free'],
        ]),
    });
    await saveChapters(d, request([1, 2, 3]));
    expect(storage.records.get(chapterUuid(1))).toMatchObject({ access: 'member', readable_until: Date.parse(end) });
    expect(storage.records.get(chapterUuid(2))).toMatchObject({ access: 'granted', readable_until: null });
    expect(storage.records.get(chapterUuid(3))).toMatchObject({ access: 'free', readable_until: null });
  });

  it('skips what the check says is not readable, with the reason, and saves the rest', async () => {
    const { storage, deps: d } = deps({
      check: async () =>
        checkAnswer([
          [1, 'free'],
          [2, 'members_only'],
          [3, 'early_access'],
        ]),
    });
    const outcome = await saveChapters(d, request([1, 2, 3, 4]));
    expect(outcome.saved).toBe(1);
    expect(outcome.skipped).toEqual([
      { chapter_number: 2, reason: 'members_only' },
      { chapter_number: 3, reason: 'early_access' },
      { chapter_number: 4, reason: 'missing' },
    ]);
    expect([...storage.records.keys()]).toEqual([chapterUuid(1)]);
    expect(d.content).toHaveBeenCalledTimes(1);
  });

  it('writes the record as saving before any page, and saved only after the last one', async () => {
    const states: string[] = [];
    const { storage, deps: d } = deps();
    const put = storage.store.put;
    storage.store.put = async (chapter) => {
      states.push(`${chapter.state}:${storage.images.size}`);
      await put(chapter);
    };
    await saveChapters(d, request([1]));
    expect(states).toEqual(['saving:0', 'saved:3']);
  });

  it('leaves no saved record and no page when the connection goes half way, and stops the run', async () => {
    let calls = 0;
    const { storage, deps: d } = deps({
      image: async () => {
        calls += 1;
        if (calls === 5) throw new TypeError('Failed to fetch');
        return image();
      },
    });
    const outcome = await saveChapters(d, request([1, 2, 3]));
    expect(outcome).toEqual({ saved: 1, skipped: [], stopped: 'offline' });
    expect([...storage.records.keys()]).toEqual([chapterUuid(1)]);
    expect([...storage.images.keys()].every((url) => url.includes(chapterUuid(1)))).toBe(true);
    expect(d.content).toHaveBeenCalledTimes(3);
  });

  it('says storage is full when the cache refuses a page, and keeps nothing of that chapter', async () => {
    const { storage, deps: d } = deps();
    const put = storage.pages.put;
    storage.pages.put = async (uuid, index, blob) => {
      if (uuid === chapterUuid(2) && index === 1) throw new DOMException('full', 'QuotaExceededError');
      await put(uuid, index, blob);
    };
    const outcome = await saveChapters(d, request([1, 2, 3]));
    expect(outcome.stopped).toBe('quota');
    expect(storage.records.has(chapterUuid(2))).toBe(false);
    expect([...storage.images.keys()].some((url) => url.includes(chapterUuid(2)))).toBe(false);
    expect(storage.records.has(chapterUuid(3))).toBe(false);
  });

  it('stops at a cancel, deleting the chapter it was saving', async () => {
    const controller = new AbortController();
    let calls = 0;
    const { storage, deps: d } = deps({
      image: async () => {
        calls += 1;
        if (calls === 2) controller.abort();
        return image();
      },
    });
    const outcome = await saveChapters(d, request([1, 2]), { signal: controller.signal });
    expect(outcome.stopped).toBe('cancelled');
    expect(storage.records.size).toBe(0);
    expect(storage.images.size).toBe(0);
  });

  it('skips a chapter refused on its own after the check (the membership ended meanwhile) and goes on', async () => {
    const { storage, deps: d } = deps({
      content: async (uuid) => {
        if (uuid === chapterUuid(1)) throw new ApiError(403, ErrorCode.MEMBERSHIP_EXPIRED, 'expired');
        return comicContent(Number(uuid.slice(-12)));
      },
    });
    const outcome = await saveChapters(d, request([1, 2]));
    expect(outcome).toEqual({ saved: 1, skipped: [{ chapter_number: 1, reason: 'expired' }] });
    expect([...storage.records.keys()]).toEqual([chapterUuid(2)]);
  });

  it('takes the new end for a copy already saved, without fetching it again', async () => {
    const { storage, deps: d } = deps({ check: async () => checkAnswer([[1, 'member', '2031-01-01T00:00:00.000Z']]) });
    storage.records.set(chapterUuid(1), savedRecord(1, { access: 'member', readable_until: 5 }));
    const outcome = await saveChapters(d, request([1]));
    expect(outcome.saved).toBe(1);
    expect(d.content).not.toHaveBeenCalled();
    expect(storage.records.get(chapterUuid(1))!.readable_until).toBe(Date.parse('2031-01-01T00:00:00.000Z'));
  });

  it('a chapter saved again no longer says its earlier copy ended', async () => {
    const { storage, deps: d } = deps();
    await storage.store.noteEnded([endedCopyOf(savedRecord(1), 1)]);
    await saveChapters(d, request([1]));
    expect(storage.ended.has(chapterUuid(1))).toBe(false);
  });

  it('moves the stored clock to the later of the device’s time and the server’s', async () => {
    const { storage, deps: d } = deps({ now: () => NOW - 60_000 });
    await saveChapters(d, request([1]));
    expect(storage.clock()).toBe(NOW);
  });

  it('saves a novel’s text, no page', async () => {
    const novel: ChapterContent = { ...comicContent(1), book_type: 'novel', text: '<p>Héllo</p>', pages: [], images: [] };
    const { storage, deps: d } = deps({ content: async () => novel });
    await saveChapters(d, request([1]));
    expect(storage.records.get(chapterUuid(1))).toMatchObject({ state: 'saved', page_count: 0, bytes: 13 });
    expect(storage.records.get(chapterUuid(1))!.content.text).toBe('<p>Héllo</p>');
    expect(d.image).not.toHaveBeenCalled();
  });
});

describe('saving on a metered connection', () => {
  it('asks first, with the number of chapters it would save and about how many bytes, and saves only those', async () => {
    const confirm = vi.fn(async () => true);
    const { storage, deps: d } = deps({
      isMetered: () => true,
      check: async () =>
        checkAnswer([
          [1, 'free'],
          [2, 'members_only'],
          [3, 'free'],
        ]),
    });
    const outcome = await saveChapters(d, request([1, 2, 3]), { confirm });
    expect(confirm).toHaveBeenCalledTimes(1);
    const [estimate] = confirm.mock.calls[0] as unknown as [{ chapters: number; bytes: number }];
    expect(estimate.chapters).toBe(2);
    // 2 chapters × 3 pages of 800 × 1200 pixels: a few hundred kB each, not nothing and not gigabytes.
    expect(estimate.bytes).toBeGreaterThan(6 * 100_000);
    expect(estimate.bytes).toBeLessThan(6 * 1_000_000);
    expect(outcome.saved).toBe(2);
    expect([...storage.records.keys()].sort()).toEqual([chapterUuid(1), chapterUuid(3)]);
  });

  it('saves nothing, not one page, when the reader says no', async () => {
    const { storage, deps: d } = deps({ isMetered: () => true });
    const outcome = await saveChapters(d, request([1, 2]), { confirm: async () => false });
    expect(outcome).toEqual({ saved: 0, skipped: [], stopped: 'declined' });
    expect(storage.records.size).toBe(0);
    expect(d.image).not.toHaveBeenCalled();
  });

  it('does not ask on an ordinary connection', async () => {
    const confirm = vi.fn(async () => false);
    const { deps: d } = deps();
    expect((await saveChapters(d, request([1]), { confirm })).saved).toBe(1);
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('a saved copy ends when the server says (issue 59)', () => {
  it('keeps the end of a membership and of a rental, none for a grant for good or a free chapter', () => {
    const at = '2026-12-10T10:00:00.000Z';
    expect(readableUntilOf({ access: 'member', readable_until: at })).toBe(Date.parse(at));
    expect(readableUntilOf({ access: 'granted', readable_until: at })).toBe(Date.parse(at));
    expect(readableUntilOf({ access: 'granted', readable_until: null })).toBeNull();
    expect(readableUntilOf({ access: 'free', readable_until: null })).toBeNull();
    expect(readableUntilOf({ access: 'granted', readable_until: 'not a time' })).toBe(0);
  });
});
