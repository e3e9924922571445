import type { ReadersDatabase } from './readers-database.js';

/** One request of the readers benchmark: what the console or a reader asks, made again and again. */
export interface ReadersRequest {
  name: string;
  group: 'console' | 'reader';
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** 'admin' or 'member': whose token it carries; 'visitor': an X-VISITOR-ID and its proof cookie. */
  as: 'admin' | 'member' | 'visitor';
}

const API = '/api/v1';

/** Facts about the database the requests need, read through the API once the server runs. */
export interface RequestFixtures {
  readerUuid: string;
  readerName: string;
  orderId: string;
  bookUuid: string;
}

/** The console's requests (as in apps/server/test/console-query-plans.test.ts) and a reader's. */
export function readersRequests(database: ReadersDatabase, fixtures: RequestFixtures): ReadersRequest[] {
  const admin = (name: string, path: string): ReadersRequest => ({
    name,
    group: 'console',
    method: 'GET',
    path: `${API}/admin${path}`,
    as: 'admin',
  });
  const { bookUuid, chapterUuid } = database.paidChapter;
  const progress = { progress: [{ book_uuid: bookUuid, chapter_uuid: chapterUuid, page_index: 1 }] };
  const events = { events: [{ type: 'start_reading', book_uuid: bookUuid, chapter_uuid: chapterUuid }] };
  return [
    admin('dashboard 30 days', '/stats?days=30'),
    admin('dashboard 90 days', '/stats?days=90'),
    admin('orders', '/orders'),
    admin('orders page 2', '/orders?page=1'),
    ...['paid', 'pending', 'refunded', 'expired', 'failed'].map((status) => admin(`orders ${status}`, `/orders?status=${status}`)),
    admin('orders of a reader', `/orders?user=${encodeURIComponent(fixtures.readerName)}`),
    admin('order detail', `/orders/${fixtures.orderId}`),
    admin('readers', '/users'),
    admin('readers page 2', '/users?page=1'),
    admin('readers search', '/users?q=moo'),
    admin('readers by uuid', `/users?q=${fixtures.readerUuid}`),
    admin('readers members', '/users?member=yes'),
    admin('readers not members', '/users?member=no'),
    admin('reader detail', `/users/${fixtures.readerUuid}`),
    admin('audit', '/audit'),
    admin('books', '/books'),
    admin('book detail', `/books/${fixtures.bookUuid}`),
    admin('coupons', '/coupons'),
    admin('imports', '/imports'),
    admin('incidents', '/incidents'),
    admin('settings', '/settings'),
    { name: 'membership', group: 'reader', method: 'GET', path: `${API}/user/book/membership`, as: 'member' },
    { name: 'profile', group: 'reader', method: 'GET', path: `${API}/user/me`, as: 'member' },
    {
      name: 'paid chapter (member)',
      group: 'reader',
      method: 'GET',
      path: `${API}/comics/chapter_comics/${chapterUuid}/en-us`,
      as: 'member',
    },
    {
      name: 'like',
      group: 'reader',
      method: 'POST',
      path: `${API}/comics/chapter/favor`,
      body: { book_uuid: bookUuid, chapter_uuid: chapterUuid },
      as: 'member',
    },
    { name: 'library', group: 'reader', method: 'GET', path: `${API}/user/library`, as: 'member' },
    { name: 'history', group: 'reader', method: 'GET', path: `${API}/reader/history`, as: 'member' },
    { name: 'continue reading', group: 'reader', method: 'GET', path: `${API}/reader/progress`, as: 'member' },
    { name: 'progress save (member)', group: 'reader', method: 'POST', path: `${API}/reader/progress`, body: progress, as: 'member' },
    { name: 'progress save (visitor)', group: 'reader', method: 'POST', path: `${API}/reader/progress`, body: progress, as: 'visitor' },
    { name: 'event post (member)', group: 'reader', method: 'POST', path: `${API}/events`, body: events, as: 'member' },
    { name: 'event post (visitor)', group: 'reader', method: 'POST', path: `${API}/events`, body: events, as: 'visitor' },
    // Discovery (issue 46), with the member's token so every request takes the full path (a
    // token is never answered from the public cache): memory and the cards, whatever the events.
    {
      name: 'rankings popular week',
      group: 'reader',
      method: 'GET',
      path: `${API}/comics/rankings/popular?period=week&language=en-us`,
      as: 'member',
    },
    { name: 'rankings rising month', group: 'reader', method: 'GET', path: `${API}/comics/rankings/rising?period=month`, as: 'member' },
    { name: 'also read', group: 'reader', method: 'GET', path: `${API}/comics/book/${bookUuid}/also_read?language=en-us`, as: 'member' },
  ];
}
