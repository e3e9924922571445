import type { BookSummary, RankedBook, ScheduleDay } from '@inkstream/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import AuthorPage from '../../routes/AuthorPage';
import RankingsPage from '../../routes/RankingsPage';
import SchedulePage from '../../routes/SchedulePage';
import { BookHeader } from '../chapters/BookHeader';
import { AlsoReadRow } from './AlsoReadRow';
import BecauseYouReadRow from './BecauseYouReadRow';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const summary = (n: number, fields: Partial<BookSummary> = {}): BookSummary => ({
  book_uuid: uuid(n),
  book_title: `Book ${n}`,
  cover_image: null,
  tag1: null,
  tag2: null,
  tag3: null,
  chapter_number: 10,
  total_likes: 0,
  updated_at: '2026-11-30T10:00:00Z',
  public_free_chapters: 1,
  book_type: 'comic',
  ...fields,
});

const day = (date: string, weekday: number, books: ScheduleDay['books'] = [], isToday = false): ScheduleDay => ({
  date,
  weekday,
  is_today: isToday,
  books,
});

/** A week from Sunday 29 November 2026 (the en-us week), Tuesday 1 December being today. */
const WEEK: ScheduleDay[] = [
  day('2026-11-29', 7),
  day('2026-11-30', 1),
  day('2026-12-01', 2, [{ ...summary(1, { book_title: 'Tuesday Comic' }), release_at: '2026-12-01T10:00:00Z', release: 'released' }], true),
  day('2026-12-02', 3),
  day('2026-12-03', 4, [{ ...summary(2, { book_title: 'Thursday Novel' }), release_at: '2026-12-03T15:30:00Z', release: 'scheduled' }]),
  day('2026-12-04', 5, [{ ...summary(3, { book_title: 'Friday Regular' }), release_at: null, release: 'regular' }]),
  day('2026-12-05', 6),
];

beforeAll(setUpI18n);
afterEach(cleanUpScreen);

describe('the release calendar', () => {
  it("asks for the week in the reader's zone and week start, and shows each book on its day with its time", async () => {
    const api = stubApi({
      'GET /comics/schedule': (url) => ({
        status: 200,
        body: {
          data: {
            time_zone: url.searchParams.get('time_zone'),
            week_start: 'sunday',
            days: WEEK,
            previous_week: '2026-11-22',
            next_week: '2026-12-06',
            completed: [summary(9, { book_title: 'Finished Saga', status: 'completed' } as Partial<BookSummary>)],
          },
        },
      }),
    });
    renderScreen(<SchedulePage />, '/schedule');
    const tuesday = await screen.findByRole('listitem', { name: /Tue/ });
    expect(within(tuesday).getByRole('link', { name: 'Tuesday Comic' }).getAttribute('href')).toBe(`/book/chapters/${uuid(1)}`);
    expect(within(tuesday).getByText('New today')).toBeTruthy();
    const thursday = screen.getByRole('listitem', { name: /Thu/ });
    expect(within(thursday).getByText('Thursday Novel')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: /Fri/ })).getByText('Usual day')).toBeTruthy();
    // The days in the week's order, Sunday first.
    expect(screen.getAllByTestId('schedule-day').map((element) => element.getAttribute('data-date'))).toEqual(WEEK.map((d) => d.date));

    const asked = api.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/v1/comics/schedule')!;
    expect(asked.searchParams.get('week_start')).toBe('sunday');
    expect(asked.searchParams.get('time_zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(asked.searchParams.get('language')).toBe('en-us');

    // The weeks around it, and the completed series apart.
    expect(screen.getByRole('link', { name: /Previous week/ }).getAttribute('href')).toBe('/schedule?week=2026-11-22');
    expect(screen.getByRole('link', { name: /Next week/ }).getAttribute('href')).toBe('/schedule?week=2026-12-06');
    const completed = screen.getByRole('region', { name: 'Completed series' });
    expect(within(completed).getByText('Finished Saga')).toBeTruthy();
  });

  it('selects today in the strip of days, and another day on a press', async () => {
    stubApi({
      'GET /comics/schedule': () => ({
        status: 200,
        body: {
          data: { time_zone: 'UTC', week_start: 'sunday', days: WEEK, previous_week: '2026-11-22', next_week: '2026-12-06', completed: [] },
        },
      }),
    });
    renderScreen(<SchedulePage />, '/schedule');
    const strip = await screen.findByRole('group', { name: 'Days of the week' });
    const buttons = within(strip).getAllByRole('button');
    expect(buttons).toHaveLength(7);
    expect(buttons.filter((button) => button.getAttribute('aria-pressed') === 'true').map((button) => button.textContent)).toEqual([
      expect.stringContaining('Today'),
    ]);
    fireEvent.click(buttons[4]!);
    expect(buttons[4]!.getAttribute('aria-pressed')).toBe('true');
    expect(buttons[2]!.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByTestId('schedule-day')[4]!.getAttribute('data-selected')).toBe('true');
  });
});

const ranked = (n: number, rank: number, previous: number | null, fields: Partial<RankedBook> = {}): RankedBook => ({
  ...summary(n),
  rank,
  previous_rank: previous,
  readers: 1000 - rank,
  ...fields,
});

describe('the rankings', () => {
  it('shows ranks with their movement in signs and words, and changes the list with a genre', async () => {
    const api = stubApi({
      'GET /reader/book/tags': { status: 200, body: { data: { result: ['romance', 'action'] } } },
      'GET /comics/rankings/popular': (url) => ({
        status: 200,
        body: {
          data: {
            kind: 'popular',
            period: 'week',
            total: 3,
            computed_at: '2026-12-01T10:00:00Z',
            result:
              url.searchParams.get('tag') === 'romance'
                ? [ranked(7, 1, 1, { book_title: 'Romance Only' })]
                : [
                    ranked(1, 1, 4, { book_title: 'Climber', rating_average: 8.6, rating_count: 1234 }),
                    ranked(2, 2, 1, { book_title: 'Faller' }),
                    ranked(3, 3, null, { book_title: 'Newcomer' }),
                  ],
          },
        },
      }),
    });
    renderScreen(<RankingsPage />, '/rankings');
    const list = await screen.findByTestId('ranking-list');
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => within(entry).getByRole('link').textContent)).toEqual(['Climber', 'Faller', 'Newcomer']);
    expect(within(entries[0]!).getByText('▲3')).toBeTruthy();
    expect(within(entries[0]!).getByText('Up 3')).toBeTruthy();
    expect(within(entries[0]!).getByText('★ 8.6 (1.2K)')).toBeTruthy();
    expect(within(entries[0]!).getByText('999 readers')).toBeTruthy();
    expect(within(entries[1]!).getByText('▼1')).toBeTruthy();
    expect(within(entries[1]!).getByText('Down 1')).toBeTruthy();
    expect(within(entries[2]!).getByText('New')).toBeTruthy();

    const genre = screen.getByRole('combobox', { name: 'Genre' });
    await waitFor(() => expect(within(genre).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(genre, { target: { value: 'romance' } });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('ranking-list'))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Romance Only']),
    );
    expect(screen.getByTestId('location-search').textContent).toBe('?tag=romance');
    const asked = api.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.startsWith('/api/v1/comics/rankings/'));
    expect(asked.at(-1)!.searchParams.get('tag')).toBe('romance');
    expect(asked.at(-1)!.searchParams.get('period')).toBe('week');
  });

  it('offers a period for popular and rising only, and keeps the view in the address', async () => {
    stubApi({
      'GET /reader/book/tags': { status: 200, body: { data: { result: [] } } },
      'GET /comics/rankings/top_rated': {
        status: 200,
        body: { data: { kind: 'top_rated', period: 'week', total: 0, computed_at: '2026-12-01T10:00:00Z', result: [] } },
      },
      'GET /comics/rankings/rising': {
        status: 200,
        body: { data: { kind: 'rising', period: 'day', total: 0, computed_at: '2026-12-01T10:00:00Z', result: [] } },
      },
    });
    renderScreen(<RankingsPage />, '/rankings?kind=top_rated', '/rankings');
    expect(await screen.findByText('No book in this ranking yet.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Rising' }));
    const period = await screen.findByRole('group', { name: 'Period' });
    fireEvent.click(within(period).getByRole('radio', { name: 'Today' }));
    await waitFor(() => expect(screen.getByTestId('location-search').textContent).toBe('?kind=rising&period=day'));
  });
});

describe('an author page', () => {
  it('names the person and their roles, and lists their books with their role in each', async () => {
    stubApi({
      'GET /comics/author/tanaka-hiroshi': {
        status: 200,
        body: {
          data: {
            slug: 'tanaka-hiroshi',
            name: 'Tanaka Hiroshi',
            roles: ['author', 'artist'],
            books: [
              { ...summary(1, { book_title: 'Written Book' }), roles: ['author'] },
              { ...summary(2, { book_title: 'Drawn Book' }), roles: ['author', 'artist'] },
            ],
          },
        },
      },
    });
    renderScreen(<AuthorPage />, '/author/tanaka-hiroshi', '/author/:slug');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tanaka Hiroshi' })).toBeTruthy();
    expect(screen.getByTestId('author-summary').textContent).toBe('Author and Artist · 2 books');
    const cards = screen.getAllByRole('article');
    expect(within(cards[0]!).getByRole('link').textContent).toBe('Written Book');
    expect(within(cards[0]!).getByText('Author')).toBeTruthy();
    expect(within(cards[1]!).getByText('Author and Artist')).toBeTruthy();
  });

  it('says the person is not found for a slug no book credits', async () => {
    stubApi({ 'GET /comics/author/nobody': { status: 404, body: { error: 'Not found', code: 'AUTHOR_NOT_FOUND' } } });
    renderScreen(<AuthorPage />, '/author/nobody', '/author/:slug');
    expect(await screen.findByRole('heading', { name: 'Author not found' })).toBeTruthy();
  });
});

describe('readers also read', () => {
  it('shows the books as links to them, and nothing when there are none', async () => {
    stubApi({
      [`GET /comics/book/${uuid(1)}/also_read`]: { status: 200, body: { data: { result: [summary(5, { book_title: 'Next Read' })] } } },
      [`GET /comics/book/${uuid(2)}/also_read`]: { status: 200, body: { data: { result: [] } } },
    });
    renderScreen(<AlsoReadRow bookUuid={uuid(1)} />, '/');
    const row = await screen.findByRole('region', { name: 'Readers also read' });
    expect(within(row).getByRole('link', { name: 'Next Read' }).getAttribute('href')).toBe(`/book/chapters/${uuid(5)}`);
    cleanUpScreen();
    stubApi({ [`GET /comics/book/${uuid(2)}/also_read`]: { status: 200, body: { data: { result: [] } } } });
    const { container } = renderScreen(<AlsoReadRow bookUuid={uuid(2)} />, '/');
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});

describe("the book header's creators and next release", () => {
  const book = {
    book_title: 'A Book',
    book_introduction: 'Intro',
    book_tags: [],
    cover_image: null,
    total_chapters: 3,
    author: 'Ana & Bo',
    rating_average: 8.6,
    rating_count: 1234,
    creators: [
      { name: 'Ana', slug: 'ana', role: 'author' as const },
      { name: 'Bo', slug: 'bo', role: 'artist' as const },
    ],
    next_release: { days: [2, 5], time: null, time_zone: 'UTC', next_chapter_at: null },
  };

  it('links each credited person to their page and says the publishing days', () => {
    renderScreen(<BookHeader book={book} />, '/');
    expect(screen.getByRole('link', { name: 'Ana' }).getAttribute('href')).toBe('/author/ana');
    expect(screen.getByRole('link', { name: 'Bo' }).getAttribute('href')).toBe('/author/bo');
    expect(screen.getByTestId('book-creators').textContent).toBe('Story: Ana · Art: Bo');
    expect(screen.getByTestId('next-release').textContent).toBe('Every Tuesday and Friday');
    // The rating and how many it stands on, in the reader's number format.
    expect(screen.getByText('1,234 ratings')).toBeTruthy();
  });
});

describe('because you read (the home row)', () => {
  const signIn = () => {
    localStorage.setItem('X-API-TOKEN', 'reader-token');
    localStorage.setItem('USER_UUID', uuid(500));
    localStorage.setItem('USERNAME', 'reader');
  };
  afterEach(() => localStorage.clear());

  it('names the book it is about and leads to each suggestion, asking with the reader token', async () => {
    signIn();
    const api = stubApi({
      'GET /user/because_you_read': () => ({
        status: 200,
        body: { data: { basis: { book_uuid: uuid(1), book_title: 'Neon Ronin' }, result: [summary(2, { book_title: 'Iron Frontier' })] } },
      }),
    });
    renderScreen(<BecauseYouReadRow />, '/');
    const row = await screen.findByRole('region', { name: /Because you read.*Neon Ronin/ });
    expect(
      within(row)
        .getByRole('link', { name: /Iron Frontier/ })
        .getAttribute('href'),
    ).toBe(`/book/chapters/${uuid(2)}`);
    const [, init] = api.mock.calls.find(([input]) => String(input).includes('/user/because_you_read'))!;
    expect(new Headers(init?.headers).get('X-API-TOKEN') ?? new Headers(init?.headers).get('Authorization')).toContain('reader-token');
  });

  it('shows nothing when the server has nothing to suggest', async () => {
    signIn();
    const api = stubApi({ 'GET /user/because_you_read': () => ({ status: 200, body: { data: { basis: null, result: [] } } }) });
    renderScreen(<BecauseYouReadRow />, '/');
    await waitFor(() => expect(api).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('never asks for a visitor', async () => {
    const api = stubApi({});
    renderScreen(<BecauseYouReadRow />, '/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.mock.calls.some(([input]) => String(input).includes('because_you_read'))).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
