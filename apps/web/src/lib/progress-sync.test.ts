import type { ProgressEntry } from '@inkstream/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './storage-keys';

// The send itself: told what went out, answering as each test says.
const sender = vi.hoisted(() => ({ sent: [] as ProgressEntry[][], answer: true as boolean | Promise<boolean> }));
vi.mock('./api-reading', () => ({
  sendProgress: vi.fn(async (batch: ProgressEntry[]) => {
    sender.sent.push(batch);
    return sender.answer;
  }),
}));

const BOOK = '7740b33e-9d64-5d69-aa6c-928c382935c4';
const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';

/** The progress sync as a fresh page loads it (its memory empty, its storage as left). */
const freshPage = async () => {
  vi.resetModules();
  return import('./progress-sync');
};
const stored = (): ProgressEntry[] => JSON.parse(localStorage.getItem(STORAGE_KEYS.progressQueue) ?? '[]') as ProgressEntry[];

beforeEach(() => {
  sender.sent = [];
  sender.answer = true;
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('reading positions waiting for the server', () => {
  it('a failed send is kept in storage, and the next page sends it once', async () => {
    const first = await freshPage();
    sender.answer = false;
    first.queueProgress(BOOK, A, { page_index: 3, page_offset: 0.5 }, 1_000);
    await first.flushProgress();
    expect(stored()).toMatchObject([{ chapter_uuid: A, page_index: 3 }]);

    const next = await freshPage();
    sender.answer = true;
    sender.sent = [];
    await next.flushProgress();
    expect(sender.sent.flat()).toMatchObject([{ chapter_uuid: A, page_index: 3, page_offset: 0.5 }]);
    expect(localStorage.getItem(STORAGE_KEYS.progressQueue)).toBeNull();
    await next.flushProgress();
    expect(sender.sent).toHaveLength(1);
  });

  it('are written to storage before the send, so a tab closed mid-send loses nothing', async () => {
    const page = await freshPage();
    let release!: (ok: boolean) => void;
    sender.answer = new Promise<boolean>((resolve) => (release = resolve));
    page.queueProgress(BOOK, A, { page_index: 1 }, 1_000);
    const flushing = page.flushProgress();
    await vi.waitFor(() => expect(sender.sent).toHaveLength(1));
    expect(stored()).toMatchObject([{ chapter_uuid: A, page_index: 1 }]);
    release(true);
    await flushing;
    expect(localStorage.getItem(STORAGE_KEYS.progressQueue)).toBeNull();
  });

  it('offline, wait in storage without a request, and go out when the connection returns', async () => {
    const page = await freshPage();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    page.queueProgress(BOOK, A, { page_index: 2 }, 1_000);
    await page.flushProgress();
    expect(sender.sent).toEqual([]);
    expect(stored()).toHaveLength(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    // (Pages of the earlier tests listen for `online` too: only this one's position is asserted.)
    await vi.waitFor(() => expect(sender.sent.flat()).toContainEqual(expect.objectContaining({ chapter_uuid: A, page_index: 2 })));
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.progressQueue)).toBeNull());
  });

  it('the newest position of a chapter wins over a stored older one, and each chapter goes once', async () => {
    localStorage.setItem(
      STORAGE_KEYS.progressQueue,
      JSON.stringify([
        { book_uuid: BOOK, chapter_uuid: A, page_index: 1, at: new Date(1_000).toISOString() },
        { book_uuid: BOOK, chapter_uuid: B, page_index: 9, at: new Date(1_000).toISOString() },
      ]),
    );
    const page = await freshPage();
    page.queueProgress(BOOK, A, { page_index: 5 }, 2_000);
    await page.flushProgress();
    const sent = sender.sent.flat();
    expect(sent).toHaveLength(2);
    expect(sent.find((entry) => entry.chapter_uuid === A)).toMatchObject({ page_index: 5 });
    expect(sent.find((entry) => entry.chapter_uuid === B)).toMatchObject({ page_index: 9 });
  });

  it('a stored entry that is not a position is ignored', async () => {
    localStorage.setItem(STORAGE_KEYS.progressQueue, JSON.stringify([{ chapter_uuid: 4 }, 'x', null]));
    const page = await freshPage();
    await page.flushProgress();
    expect(sender.sent).toEqual([]);
  });
});
