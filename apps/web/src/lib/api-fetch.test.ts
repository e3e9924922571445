import type { ProgressEntry, ReadingEvent } from '@inkstream/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { booksApi } from '../features/admin/books/books-api';
import { client } from './api-fetch';
import { sendEvents, sendProgress } from './api-reading';
import { STORAGE_KEYS } from './storage-keys';

// The calls that outlive the page or carry a file go through the typed client's onceClient: each
// request is sent once, with the session's headers alone, as these calls always went out.

const BOOK = '7740b33e-9d64-5d69-aa6c-928c382935c4';
const CHAPTER = 'eab0e749-23a9-51bb-8650-abefcd7c62e9';

type Sent = { url: string; init: RequestInit };
let sent: Sent[];

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (url: URL | RequestInfo, init?: RequestInit) => {
    sent.push({ url: new URL(String(url), window.location.origin).href, init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
}

beforeEach(() => {
  sent = [];
  localStorage.setItem(STORAGE_KEYS.token, 'old-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the calls sent once', () => {
  it('saves reading positions with keepalive, a JSON body and the token alone', async () => {
    answer(200, { data: { result: true } });
    const progress: ProgressEntry[] = [{ book_uuid: BOOK, chapter_uuid: CHAPTER, page_index: 2 }];
    expect(await sendProgress(progress)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`${window.location.origin}/api/v1/reader/progress`);
    expect(sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify({ progress }) });
    expect(sent[0]!.init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Token old-token' });
  });

  it('sends reading events with keepalive at low priority', async () => {
    answer(202, { data: { accepted: 1 } });
    const events: ReadingEvent[] = [{ type: 'open_book', book_uuid: BOOK }];
    sendEvents(events);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe(`${window.location.origin}/api/v1/events`);
    expect(sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true, priority: 'low' });
    // Each event carries its client time (issue 47: a resend after a lost answer is dropped by the server as a repeat).
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ events: [{ ...events[0], at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }] });
    expect(sent[0]!.init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Token old-token' });
  });

  it("uploads a cover as the file itself with the file's type, and answers its data", async () => {
    answer(200, { data: { book_uuid: 'b 1' } });
    const file = new File(['png bytes'], 'cover.png', { type: 'image/png' });
    expect(await booksApi.uploadCover('b 1', file)).toEqual({ book_uuid: 'b 1' });
    expect(sent[0]!.url).toBe(`${window.location.origin}/api/v1/admin/books/b%201/cover`);
    expect(sent[0]!.init).toMatchObject({ method: 'PUT', body: file });
    expect(sent[0]!.init.headers).toEqual({ 'Content-Type': 'image/png', Authorization: 'Token old-token' });
    await booksApi.uploadCover('b 1', new File(['?'], 'cover'));
    expect(sent[1]!.init.headers).toMatchObject({ 'Content-Type': 'application/octet-stream' });
  });

  it('keeps a refused token and does not send the call again as a visitor', async () => {
    answer(401, { code: 'INVALID_TOKEN', error: 'Invalid token' });
    await expect(booksApi.uploadCover('b', new File(['x'], 'c.png', { type: 'image/png' }))).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_TOKEN',
    });
    expect(await sendProgress([])).toBe(true);
    expect(sent).toHaveLength(2);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('old-token');
  });

  it('unlike the session client, which forgets the token and asks again as a visitor', async () => {
    answer(401, { code: 'INVALID_TOKEN', error: 'Invalid token' });
    await client.GET('/api/v1/user/library', { params: { query: { language: 'en-us' } } });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.init.headers).not.toHaveProperty('Authorization');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('a call the network refuses', () => {
  it('makes the app offline until a call is answered again, but a cancelled call does not', async () => {
    const { isOffline } = await import('./online');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(client.GET('/api/v1/config/public', { signal: cancelled.signal })).rejects.toThrow();
    expect(isOffline()).toBe(false);
    await expect(client.GET('/api/v1/config/public')).rejects.toThrow('Failed to fetch');
    expect(isOffline()).toBe(true);
    answer(200, { data: { result: {} } });
    await client.GET('/api/v1/config/public');
    expect(isOffline()).toBe(false);
  });
});
