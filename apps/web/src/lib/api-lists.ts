import type { ListVisibility, ReaderList, ReaderListSummary } from '@inkstream/contracts';
import { ApiError, client, result } from './api-fetch';

const list = (listUuid: string) => ({ params: { path: { listUuid } } });
const listBook = (listUuid: string, bookUuid: string) => ({ params: { path: { listUuid, bookUuid } } });

/** Issue 61: the reader's lists (docs/API.md "Reader lists"). */
export const listsApi = {
  mine: (): Promise<ReaderListSummary[]> => result(client.GET('/api/v1/user/lists')),
  read: (listUuid: string, language: string): Promise<ReaderList> =>
    result(client.GET('/api/v1/lists/{listUuid}', { params: { path: { listUuid }, query: { language } } })),
  create: (name: string, visibility: ListVisibility): Promise<ReaderList> =>
    result(client.POST('/api/v1/user/lists', { body: { name, visibility } })),
  update: (listUuid: string, body: { name?: string; visibility?: ListVisibility }): Promise<ReaderList> =>
    result(client.PATCH('/api/v1/user/lists/{listUuid}', { ...list(listUuid), body })),
  remove: (listUuid: string) => result(client.DELETE('/api/v1/user/lists/{listUuid}', list(listUuid))),
  putBook: (listUuid: string, bookUuid: string, body: { note?: string | null; position?: number }): Promise<ReaderList> =>
    result(client.PUT('/api/v1/user/lists/{listUuid}/books/{bookUuid}', { ...listBook(listUuid, bookUuid), body })),
  follow: (listUuid: string, on: boolean): Promise<{ following: boolean }> =>
    result(
      on
        ? client.PUT('/api/v1/user/lists/{listUuid}/follow', list(listUuid))
        : client.DELETE('/api/v1/user/lists/{listUuid}/follow', list(listUuid)),
    ),
  removeBook: (listUuid: string, bookUuid: string): Promise<ReaderList> =>
    result(client.DELETE('/api/v1/user/lists/{listUuid}/books/{bookUuid}', listBook(listUuid, bookUuid))),
};

/** The refusals that have their own words on screen (library.json lists.errors.*). */
const OWN_WORDS = ['LIST_LIMIT_REACHED', 'LIST_FULL', 'LIST_TEXT_REFUSED', 'LIST_NOT_FOUND', 'BOOK_NOT_FOUND', 'VALIDATION_FAILED'];
export const listErrorKey = (error: unknown) =>
  error instanceof ApiError && OWN_WORDS.includes(error.code) ? `lists.errors.${error.code}` : 'lists.errors.other';

/** The reader's own lists, as the library and the book page's "Add to list" share them. */
export const MY_LISTS_KEY = ['library', 'lists'];
