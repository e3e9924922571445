import type { AuthorPage, BookSummary, Ranking, RankingKind, RankingPeriod, Schedule, WeekStart } from '@inkstream/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { client, data, result } from '../../lib/api-fetch';
import type { Language } from '../../lib/language';
import { RANKING_PAGE_SIZE, type RankingState } from './ranking-rules';

/** What the calendar asks for: the week (a day of it, else the current one) in the reader's zone and week. */
export interface ScheduleRequest {
  week: string | undefined;
  timeZone: string;
  weekStart: WeekStart;
}

/** The discovery reads (issue 46): public, cached by the server, the same for every visitor but "also read" with a token. */
export const discoveryApi = {
  schedule: (language: Language, request: ScheduleRequest): Promise<Schedule> =>
    data(
      client.GET('/api/v1/comics/schedule', {
        params: { query: { language, week: request.week, time_zone: request.timeZone, week_start: request.weekStart } },
      }),
    ),
  ranking: (language: Language, state: RankingState, page: number): Promise<Ranking> =>
    data(
      client.GET('/api/v1/comics/rankings/{kind}', {
        params: {
          path: { kind: state.kind },
          query: { language, period: state.period, tag: state.tag, book_type: state.type, page, page_size: RANKING_PAGE_SIZE },
        },
      }),
    ),
  author: (language: Language, slug: string): Promise<AuthorPage> =>
    data(client.GET('/api/v1/comics/author/{slug}', { params: { path: { slug }, query: { language } } })),
  alsoRead: (bookUuid: string, language: Language): Promise<BookSummary[]> =>
    result(
      client.GET('/api/v1/comics/book/{book_uuid}/also_read', {
        params: { path: { book_uuid: bookUuid }, query: { language } },
      }),
    ),
  becauseYouRead: (language: Language) => data(client.GET('/api/v1/user/because_you_read', { params: { query: { language } } })),
};

/** The calendar of one week (the schedule page's loader too: routes/page-loaders.ts). */
export const scheduleQuery = (language: Language, request: ScheduleRequest) =>
  queryOptions({
    queryKey: ['schedule', language, request.week ?? null, request.timeZone, request.weekStart],
    queryFn: () => discoveryApi.schedule(language, request),
  });

/** One ranking, a page at a time (at most 100 entries: two pages). */
export const rankingQuery = (language: Language, state: RankingState) =>
  infiniteQueryOptions({
    queryKey: ['rankings', language, state.kind, state.period as RankingPeriod, state.tag ?? null, state.type ?? null] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => discoveryApi.ranking(language, state, pageParam),
    getNextPageParam: (last: Ranking, pages: Ranking[], lastPage: number) =>
      pages.reduce((sum, page) => sum + page.result.length, 0) < last.total && last.result.length > 0 ? lastPage + 1 : undefined,
  });

export const authorQuery = (language: Language, slug: string) =>
  queryOptions({ queryKey: ['author', language, slug], queryFn: () => discoveryApi.author(language, slug) });

/**
 * "Readers also read" of a book. With a token the server leaves out the books this reader finished,
 * so the key names the reader (a visitor's list is everyone's).
 */
export const alsoReadQuery = (bookUuid: string, language: Language, userUuid: string | null) =>
  queryOptions({
    queryKey: ['also-read', bookUuid, language, userUuid],
    queryFn: () => discoveryApi.alsoRead(bookUuid, language),
    staleTime: 5 * 60_000,
  });

export const becauseYouReadQuery = (language: Language, userUuid: string) =>
  queryOptions({
    queryKey: ['because-you-read', language, userUuid],
    queryFn: () => discoveryApi.becauseYouRead(language),
    staleTime: 5 * 60_000,
  });

export type { RankingKind };
