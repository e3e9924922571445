import type { BookSuggestions } from '@inkstream/contracts';
import { anonymousClient, data } from './api-fetch';

/**
 * What the header suggests for the text typed so far (GET /comics/book/suggest). Asked without the
 * session's headers: the answer is the same for everyone, so the server's and a CDN's copies serve
 * it. Loaded with the suggestion popup, not with the landing page.
 */
export const fetchSuggestions = (q: string, language: string, signal?: AbortSignal): Promise<BookSuggestions> =>
  data(anonymousClient.GET('/api/v1/comics/book/suggest', { params: { query: { q, language } }, signal }));
