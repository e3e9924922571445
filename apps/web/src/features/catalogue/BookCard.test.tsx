import type { BookSummary } from '@inkstream/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import books from '../../i18n/locales/en-us/books.json';
import common from '../../i18n/locales/en-us/common.json';
import { createTranslator } from '../../i18n/translator';
import { TranslatorProvider } from '../../i18n/use-translation';
import { BookCard } from './BookCard';

// Handed down by the provider, as the server's renders get theirs: the card needs no global set-up.
const translator = createTranslator('en-us', { common, books });

afterEach(cleanup);

const book = (overrides: Partial<BookSummary> = {}): BookSummary => ({
  book_uuid: '2a8dd592-be7d-55b8-844c-21996ed4808c',
  book_title: 'Tom &amp; Jerry&#39;s Tale',
  cover_image: '/media/covers/x.webp',
  tag1: '历史穿越',
  tag2: null,
  tag3: 'custom tag',
  chapter_number: 120,
  total_likes: 3,
  updated_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  public_free_chapters: 5,
  book_type: 'comic',
  ...overrides,
});

function renderCard(value: BookSummary, isLargestPaint = false) {
  return render(
    <TranslatorProvider translator={translator}>
      <MemoryRouter>
        <BookCard book={value} isLargestPaint={isLargestPaint} />
      </MemoryRouter>
    </TranslatorProvider>,
  );
}

describe('BookCard', () => {
  it('links the decoded title to the chapter list', () => {
    renderCard(book());
    const link = screen.getByRole('link', { name: "Tom & Jerry's Tale" });
    expect(link.getAttribute('href')).toBe('/book/chapters/2a8dd592-be7d-55b8-844c-21996ed4808c');
  });

  it('shows translated non-null tags, chapter count, relative time and the tier label by chapter count', () => {
    renderCard(book());
    const tags = screen.getByRole('list', { name: 'Genres' });
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Historical transmigration', 'custom tag']);
    expect(screen.getByText('120 chapters')).toBeTruthy();
    expect(screen.getByText('3 hours ago')).toBeTruthy();
    expect(screen.getByText('100+ chapters')).toBeTruthy();
  });

  it.each([
    [5, '5+ chapters'],
    [499, '300+ chapters'],
    [500, '500+ chapters'],
  ])('labels %i chapters "%s"', (chapters, label) => {
    renderCard(book({ chapter_number: chapters }));
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('says "New series" only while the first chapter is under 30 days old, whatever the last update', () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000).toISOString();
    // Two chapters, the first two years ago, the second yesterday: not a new series.
    renderCard(book({ chapter_number: 2, first_chapter_at: daysAgo(730), updated_at: daysAgo(1) }));
    expect(screen.queryByText('New series')).toBeNull();
    expect(screen.getByText('Under 5 chapters')).toBeTruthy();
    for (const [days, label] of [
      [0, 'New series'],
      [29, 'New series'],
      [31, 'Under 5 chapters'],
    ] as const) {
      cleanup();
      renderCard(book({ chapter_number: 4, first_chapter_at: daysAgo(days) }));
      expect(screen.getByText(label)).toBeTruthy();
    }
    // Unknown (no published chapter yet): nothing claimed.
    cleanup();
    renderCard(book({ chapter_number: 0, first_chapter_at: null }));
    expect(screen.getByText('Under 5 chapters')).toBeTruthy();
  });

  it('shows the likes badge only when total_likes is above 2', () => {
    renderCard(book({ total_likes: 2 }));
    expect(screen.queryByText(/likes?$/)).toBeNull();
    cleanup();
    renderCard(book({ total_likes: 3 }));
    expect(screen.getByText('3 likes')).toBeTruthy();
    expect(screen.getByText('♥ 3')).toBeTruthy();
  });

  it('says how many first chapters are free, with plurals, and "Members only" when none', () => {
    renderCard(book({ public_free_chapters: 5 }));
    expect(screen.getByText('First 5 chapters free')).toBeTruthy();
    cleanup();
    renderCard(book({ public_free_chapters: 1 }));
    expect(screen.getByText('First chapter free')).toBeTruthy();
    cleanup();
    renderCard(book({ public_free_chapters: 0 }));
    expect(screen.getByText('Members only')).toBeTruthy();
  });

  it('never promises more free chapters than the book has: "All chapters free" when all of them are', () => {
    for (const [chapters, free, label] of [
      [1, null, 'All chapters free'], // the spec's default of 3 free chapters, on a book of 1
      [2, 3, 'All chapters free'],
      [3, 3, 'All chapters free'],
      [4, 3, 'First 3 chapters free'],
      [0, 3, 'First 3 chapters free'], // nothing out yet: the book's rule is all there is to say
    ] as const) {
      renderCard(book({ chapter_number: chapters, public_free_chapters: free as unknown as number }));
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.queryByText(/^First \d+ chapters free$/) === null).toBe(label === 'All chapters free');
      cleanup();
    }
  });

  it('reserves the cover box and loads it lazily, the page’s largest paint first', () => {
    const { container } = renderCard(book());
    const image = container.querySelector('img')!;
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['600', '800']);
    cleanup();
    const largest = renderCard(book(), true).container.querySelector('img')!;
    expect([largest.getAttribute('loading'), largest.getAttribute('fetchpriority')]).toEqual(['lazy', 'high']);
  });

  it('offers the cover sizes as srcset with the grid widths, and no srcset for a single size', () => {
    const srcset = '/media/covers/x-240.webp 240w, /media/covers/x-480.webp 480w';
    const image = renderCard(book({ cover_srcset: srcset })).container.querySelector('img')!;
    expect(image.getAttribute('srcset')).toBe(srcset);
    expect(image.getAttribute('sizes')).toMatch(/50vw/);
    expect(image.getAttribute('src')).toBe('/media/covers/x.webp');
    cleanup();
    for (const single of [null, undefined]) {
      const plain = renderCard(book({ cover_srcset: single })).container.querySelector('img')!;
      expect(plain.hasAttribute('srcset')).toBe(false);
      expect(plain.hasAttribute('sizes')).toBe(false);
      cleanup();
    }
  });

  it('leaves the empty box when there is no cover', () => {
    const { container } = renderCard(book({ cover_image: null }));
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('book card rating (issue 31)', () => {
  it('shows the average to one decimal once a book has 5 ratings, with a spoken label', () => {
    renderCard(book({ rating_average: 7.5, rating_count: 5 }));
    expect(screen.getByTestId('card-rating').textContent).toContain('★ 7.5');
    expect(screen.getByText('Rated 7.5 out of 10 by 5 readers')).toBeTruthy();
  });

  it('shows no average below 5 ratings, nor when the server sends none (community off)', () => {
    renderCard(book({ rating_average: 9.1, rating_count: 4 }));
    expect(screen.queryByTestId('card-rating')).toBeNull();
    cleanup();
    renderCard(book());
    expect(screen.queryByTestId('card-rating')).toBeNull();
  });
});

describe('book card rating count (issue 46)', () => {
  it("shows how many ratings the score stands on, short and in the reader's number format", () => {
    renderCard(book({ rating_average: 8.6, rating_count: 1234 }));
    expect(screen.getByTestId('card-rating').textContent).toContain('★ 8.6 (1.2K)');
    expect(screen.getByText('Rated 8.6 out of 10 by 1,234 readers')).toBeTruthy();
  });
});
