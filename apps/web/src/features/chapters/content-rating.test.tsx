import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookCover } from '../../components/BookCover';
import { ApiError } from '../../lib/api-client';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';
import { AgeSection } from '../account/AgeSection';
import { AgeGate, isAgeRefusal } from './AgeGate';
import { BookHeader } from './BookHeader';

setUpSignedInScreenTests();

const ageState = (confirmed: boolean, adultBooks: 'off' | 'confirmed_readers') => ({
  status: 200,
  body: { data: { result: { confirmed, confirmed_at: confirmed ? '2026-11-29T10:00:00.000Z' : null, adult_books: adultBooks } } },
});

describe('content ratings in the reader’s screens (issue 61)', () => {
  it('draws what the server said is blurred blurred, naming the rating; anything else as it is', () => {
    const { container } = renderScreen(
      <>
        <BookCover src="/media/covers/a.webp" blurred rating="mature" />
        <BookCover src={null} blurred rating="adult" />
        <BookCover src="/media/covers/b.webp" />
      </>,
      '/',
    );
    const covers = container.querySelectorAll('div > div');
    expect(covers.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('Cover hidden (Mature)')).toBeTruthy();
    expect(screen.getByText('Cover hidden (18+)')).toBeTruthy();
    // The card nobody blurred has no mark.
    expect(screen.getAllByText(/^Cover hidden/)).toHaveLength(2);
  });

  it('the gate asks a signed-in reader to confirm in the profile, and comes back', () => {
    renderScreen(<AgeGate />, '/book/x');
    expect(screen.getByRole('heading').textContent).toBe('This book is for adults');
    const link = screen.getByRole('link', { name: 'Confirm your age' });
    expect(link.getAttribute('href')).toMatch(/^\/profile(\?.*)?#age$/);
    expect(isAgeRefusal(new ApiError(403, 'AGE_CONFIRMATION_REQUIRED', 'x'))).toBe(true);
    expect(isAgeRefusal(new ApiError(403, 'MEMBERSHIP_REQUIRED', 'x'))).toBe(false);
  });

  it('the gate sends a visitor to sign in first', () => {
    localStorage.clear();
    renderScreen(<AgeGate />, '/book/x');
    expect(screen.getByText('Sign in and confirm in your profile that you are 18 or older to open it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(/^\/login/);
  });

  it('the book page says the rating and what the book contains; nothing for an all-ages book', () => {
    const book = { book_title: 'Night', book_introduction: '', book_tags: [], cover_image: null, total_chapters: 3 };
    const { unmount } = renderScreen(
      <BookHeader book={{ ...book, content_rating: 'mature', content_descriptors: ['violence', 'horror'] }} />,
      '/',
    );
    expect(screen.getByTestId('content-rating').textContent).toBe('Content rating: MatureContains: Violence and Horror');
    unmount();
    renderScreen(<BookHeader book={{ ...book, content_rating: 'all_ages', content_descriptors: [] }} />, '/');
    expect(screen.queryByTestId('content-rating')).toBeNull();
  });

  it('the profile’s Age section: absent where adult books are off, confirmed and withdrawn where they are shown', async () => {
    stubApi({ 'GET /user/age_confirmation': ageState(false, 'off') });
    const { unmount } = renderScreen(<AgeSection />, '/profile');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Age' })).toBeNull());
    unmount();
    const api = stubApi({
      'GET /user/age_confirmation': ageState(false, 'confirmed_readers'),
      'POST /user/age_confirmation': ageState(true, 'confirmed_readers'),
      'DELETE /user/age_confirmation': ageState(false, 'confirmed_readers'),
    });
    renderScreen(<AgeSection />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'I am 18 or older' }));
    expect(await screen.findByText(/^You confirmed on .* that you are 18 or older\./)).toBeTruthy();
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ confirm: true });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('button', { name: 'I am 18 or older' })).toBeTruthy();
  });
});
