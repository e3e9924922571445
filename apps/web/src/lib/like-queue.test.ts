import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLike } from './flush-queues';
import { flushLikes, forgetQueuedLike, queuedLike, queuedLikes, queueLike, type WantedLike } from './like-queue';

const BOOK = '7740b33e-9d64-5d69-aa6c-928c382935c4';
const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('likes chosen offline', () => {
  it('keep only the final state per chapter, in the order last chosen', () => {
    queueLike(BOOK, A, true, 1);
    queueLike(BOOK, B, true, 2);
    queueLike(BOOK, A, false, 3);
    expect(queuedLikes()).toEqual([
      { book_uuid: BOOK, chapter_uuid: B, liked: true, at: 2 },
      { book_uuid: BOOK, chapter_uuid: A, liked: false, at: 3 },
    ]);
    expect(queuedLike(A)).toBe(false);
    expect(queuedLike('other')).toBeUndefined();
  });

  it('are applied in order and removed once done; a retry stops the flush and keeps the rest', async () => {
    queueLike(BOOK, A, true, 1);
    queueLike(BOOK, B, false, 2);
    const applied: string[] = [];
    await flushLikes(async (like) => {
      applied.push(like.chapter_uuid);
      return like.chapter_uuid === A ? 'done' : 'retry';
    });
    expect(applied).toEqual([A, B]);
    expect(queuedLikes().map((like) => like.chapter_uuid)).toEqual([B]);
  });

  it('keep a newer choice made while the older one was being sent', async () => {
    queueLike(BOOK, A, true, 1);
    await flushLikes(async () => {
      queueLike(BOOK, A, false, 2);
      return 'done';
    });
    expect(queuedLikes()).toEqual([{ book_uuid: BOOK, chapter_uuid: A, liked: false, at: 2 }]);
  });

  it('are sent once when two flushes start together', async () => {
    queueLike(BOOK, A, true, 1);
    const apply = vi.fn(async (): Promise<'done'> => 'done');
    await Promise.all([flushLikes(apply), flushLikes(apply)]);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('give way to a like sent online afterwards', () => {
    queueLike(BOOK, A, true, 1);
    forgetQueuedLike(A);
    expect(queuedLikes()).toEqual([]);
  });
});

describe('applying a wanted like', () => {
  const like = (liked: boolean): WantedLike => ({ book_uuid: BOOK, chapter_uuid: A, liked, at: 1 });
  const answering = (status: number | 'network') => {
    const fetch = vi.fn(async (_url: URL, _init: RequestInit) => {
      if (status === 'network') throw new TypeError('Failed to fetch');
      const body = status < 400 ? { data: { result: { already_favor: true, total_likes: 1 } } } : { code: 'X', error: 'x' };
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('likes with favor and takes back with unfavor, both idempotent on the server', async () => {
    const fetch = answering(200);
    expect(await applyLike(like(true))).toBe('done');
    expect(await applyLike(like(false))).toBe('done');
    expect(fetch.mock.calls.map(([url, init]) => `${init.method} ${new URL(url).pathname}`)).toEqual([
      'POST /api/v1/comics/chapter/favor',
      'DELETE /api/v1/comics/chapter/favor',
    ]);
  });

  it('drops a like refused for good (the chapter is gone) and tries again after a network or server failure', async () => {
    answering(404);
    expect(await applyLike(like(true))).toBe('done');
    answering(503);
    expect(await applyLike(like(true))).toBe('retry');
    answering('network');
    expect(await applyLike(like(true))).toBe('retry');
  });
});
