import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { BookRatings } from './BookRatings';
import { RatingsDisclosure } from './RatingsDisclosure';

const BOOK = '11111111-1111-4111-8111-111111111111';
const config = (community: boolean) => ({
  status: 200,
  body: {
    data: {
      result: {
        site_name: 'Inkstream',
        contact_email: 'a@example.com',
        default_language: 'en-us',
        languages: ['en-us'],
        community,
        payments: {
          wechat: { enabled: false, sandbox: false, renewing: false },
          stripe: { enabled: false, sandbox: false, publishable_key: null, buy_buttons: { month: null, season: null } },
        },
      },
    },
  },
});
// (10 × 7.0 + 27) / 13 = 7.4615…: shown as 7.5.
const summary = (mine: unknown = null) => ({
  status: 200,
  body: { data: { result: { average: 9, bayesian: 97 / 13, count: 3, distribution: [0, 0, 0, 0, 0, 0, 0, 1, 1, 1], mine } } },
});
const noReviews = { status: 200, body: { data: { result: [], total: 0 } } };
const RATING = `/comics/book/${BOOK}/rating`;
const REVIEWS = `/comics/book/${BOOK}/reviews`;

beforeAll(setUpI18n);
beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);

const open = () => renderScreen(<BookRatings bookUuid={BOOK} />, '/book/chapters/x');
const logIn = () => {
  localStorage.setItem('X-API-TOKEN', 'token');
  localStorage.setItem('USER_UUID', '22222222-2222-4222-8222-222222222222');
  localStorage.setItem('USERNAME', 'reader');
};

describe('book ratings', () => {
  it('shows visitors the Bayesian average to one decimal, the count, the distribution as a table and a login link', async () => {
    stubApi({ 'GET /config/public': config(true), [`GET ${RATING}`]: summary(), [`GET ${REVIEWS}`]: noReviews });
    open();
    expect((await screen.findByTestId('rating-average')).textContent).toBe('7.5');
    expect(screen.getByText('out of 10')).toBeTruthy();
    expect(screen.getByText('3 ratings')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'How many readers gave each score' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    // Highest score first; each row names its score and its count.
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('10');
    expect(rows[0]!.textContent).toContain('1');
    expect(within(rows[9]!).getByRole('rowheader').textContent).toBe('1');
    const login = screen.getByRole('link', { name: 'Log in to rate this book' });
    expect(login.getAttribute('href')).toBe('/login?return=%2Fbook%2Fchapters%2Fx');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('lets a reader pick a score with the radio group, write a review and save it', async () => {
    logIn();
    const api = stubApi({
      'GET /config/public': config(true),
      [`GET ${RATING}`]: summary(),
      [`GET ${REVIEWS}`]: noReviews,
      [`PUT ${RATING}`]: summary({ score: 8, review: 'Lovely', review_hidden: false, updated_at: '2026-11-25T00:00:00.000Z' }),
    });
    const user = userEvent.setup({ delay: null });
    open();
    const group = await screen.findByRole('group', { name: 'Your score, 1 to 10' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(10);
    const save = screen.getByRole('button', { name: 'Save rating' });
    expect(save.hasAttribute('disabled')).toBe(true);
    // One group: picking 8 after 7 leaves only 8 checked (arrow keys are the browser's own: e2e tests them).
    await user.click(screen.getByRole('radio', { name: '7 out of 10' }));
    await user.click(screen.getByRole('radio', { name: '8 out of 10' }));
    expect((screen.getByRole('radio', { name: '7 out of 10' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: '8 out of 10' }) as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Review (optional)' }), 'Lovely');
    await user.click(save);
    expect(await screen.findByText('Your rating is saved.')).toBeTruthy();
    const put = api.mock.calls.find(
      ([input, init]) =>
        String(input instanceof Request ? input.url : input).includes('/rating') && (init?.method ?? (input as Request).method) === 'PUT',
    );
    expect(put).toBeTruthy();
    const request = put![0] as Request | string;
    const body = request instanceof Request ? await request.clone().json() : JSON.parse(String(put![1]!.body));
    expect(body).toEqual({ score: 8, review: 'Lovely' });
  });

  it('shows why a banned reader cannot rate, and the link rule for new accounts', async () => {
    logIn();
    let answer: { status: number; body: unknown } = {
      status: 403,
      body: { error: 'Banned', code: 'COMMENT_BANNED', ban_reason: 'Spoilers everywhere', banned_until: null },
    };
    stubApi({
      'GET /config/public': config(true),
      [`GET ${RATING}`]: summary(),
      [`GET ${REVIEWS}`]: noReviews,
      [`PUT ${RATING}`]: () => answer,
    });
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('radio', { name: '3 out of 10' }));
    await user.click(screen.getByRole('button', { name: 'Save rating' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can no longer rate or review. Reason: Spoilers everywhere');
    answer = { status: 403, body: { error: 'Links', code: 'LINKS_NOT_ALLOWED', links_allowed_at: '2030-01-02T03:04:00.000Z' } };
    await user.click(screen.getByRole('button', { name: 'Save rating' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('New accounts cannot post links yet: links are allowed from'),
    );
  });

  it('lists reviews as text, never as markup', async () => {
    stubApi({
      'GET /config/public': config(true),
      [`GET ${RATING}`]: summary(),
      [`GET ${REVIEWS}`]: {
        status: 200,
        body: {
          data: {
            result: [
              {
                user: { uuid: '33333333-3333-4333-8333-333333333333', username: 'mallory' },
                score: 9,
                review: '<img src=x onerror=alert(1)>',
                updated_at: '2026-11-20T00:00:00.000Z',
              },
            ],
            total: 1,
          },
        },
      },
    });
    const { container } = open();
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: '1 review' })).toBeTruthy();
    expect(screen.getByText('9/10')).toBeTruthy();
  });

  it('shows nothing at all when the community is switched off', async () => {
    const api = stubApi({ 'GET /config/public': config(false), [`GET ${RATING}`]: summary(), [`GET ${REVIEWS}`]: noReviews });
    const { container } = open();
    await waitFor(() => expect(api).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('section')).toBeNull();
    expect(api.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('/rating'))).toBe(false);
  });
});

describe('ratings behind their disclosure on the book page', () => {
  it('has one heading, in the line that opens it, and the opened section is named by it', async () => {
    stubApi({ 'GET /config/public': config(true), [`GET ${RATING}`]: summary(), [`GET ${REVIEWS}`]: noReviews });
    renderScreen(<RatingsDisclosure bookUuid={BOOK} ratingCount={3} />, '/book/chapters/x');
    const heading = await screen.findByRole('heading', { name: 'Ratings and reviews' });
    await userEvent.click(heading);
    expect((await screen.findByTestId('rating-average')).textContent).toBe('7.5');
    expect(screen.getAllByRole('heading', { name: 'Ratings and reviews' })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Ratings and reviews' })).toBeTruthy();
  });
});
