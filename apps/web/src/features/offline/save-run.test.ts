import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaveOptions, SaveOutcome, SaveRequest } from './save-chapters';

// The tab's save run around saveChapters (tested on its own in save-chapters.test.ts): here each
// saveChapters call is held until the test lets it end, so presses can land while one runs.
const saving = vi.hoisted(() => ({
  calls: [] as { request: SaveRequest; options: SaveOptions; end: (outcome: SaveOutcome) => void }[],
}));
vi.mock('./save-chapters', () => ({
  saveChapters: vi.fn(
    (_deps: unknown, request: SaveRequest, options: SaveOptions) =>
      new Promise<SaveOutcome>((end) => saving.calls.push({ request, options, end })),
  ),
}));
vi.mock('./offline-db', () => ({
  canSaveOffline: () => true,
  browserStorage: { store: { readMeta: async () => 1 } },
}));

const { cancelSaving, dismissRun, getSaveRun, startSaving } = await import('./save-run');

const book = { book_uuid: 'b1', title: 'A book', book_type: 'comic' as const, cover_image: null };
const chapter = (n: number) => ({ book, chapters: [{ chapter_uuid: `c${n}`, chapter_number: n, title: `Ch ${n}` }] });
const form = { language: 'en-us', lighter: false };

/** Waits until saveChapters has been called `count` times (the run reaches it after a few awaits). */
const calls = (count: number) => vi.waitFor(() => expect(saving.calls).toHaveLength(count));

afterEach(async () => {
  cancelSaving();
  for (const call of saving.calls) call.end({ saved: 0, skipped: [], stopped: 'cancelled' });
  saving.calls.length = 0;
  await vi.waitFor(() => expect(getSaveRun().status).not.toBe('running'));
  dismissRun();
});

describe('the save run', () => {
  it('saves a chapter pressed while another saves, right after it, and adds up both', async () => {
    const first = startSaving('book', chapter(2), form);
    await calls(1);
    const second = startSaving('book', chapter(6), form);
    await second;
    // Not dropped: it waits, and the running progress already counts it.
    saving.calls[0]!.options.onProgress?.({ phase: 'saving', done: 0, total: 1 });
    expect(getSaveRun()).toMatchObject({ status: 'running', progress: { done: 0, total: 2 } });
    saving.calls[0]!.end({ saved: 1, skipped: [] });
    await calls(2);
    expect(saving.calls[1]!.request.chapters.map((c) => c.chapter_number)).toEqual([6]);
    saving.calls[1]!.options.onProgress?.({ phase: 'saving', done: 0, total: 1 });
    expect(getSaveRun()).toMatchObject({ status: 'running', progress: { done: 1, total: 2 } });
    saving.calls[1]!.end({ saved: 0, skipped: [{ chapter_number: 6, reason: 'members_only' }] });
    await first;
    expect(getSaveRun()).toEqual({
      status: 'finished',
      origin: 'book',
      outcome: { saved: 1, skipped: [{ chapter_number: 6, reason: 'members_only' }] },
    });
  });

  it('adds nothing for a chapter already being saved or waiting', async () => {
    const first = startSaving('book', chapter(2), form);
    await calls(1);
    await startSaving('book', chapter(2), form);
    await startSaving('book', chapter(3), form);
    await startSaving('book', chapter(3), form);
    saving.calls[0]!.end({ saved: 1, skipped: [] });
    await calls(2);
    saving.calls[1]!.end({ saved: 1, skipped: [] });
    await first;
    expect(saving.calls).toHaveLength(2);
    expect(getSaveRun()).toMatchObject({ status: 'finished', outcome: { saved: 2, skipped: [] } });
  });

  it('a cancel ends the saves waiting too', async () => {
    const first = startSaving('book', chapter(2), form);
    await calls(1);
    await startSaving('book', chapter(3), form);
    cancelSaving();
    saving.calls[0]!.end({ saved: 0, skipped: [], stopped: 'cancelled' });
    await first;
    expect(saving.calls).toHaveLength(1);
    expect(getSaveRun()).toMatchObject({ status: 'finished', outcome: { saved: 0, stopped: 'cancelled' } });
  });
});
