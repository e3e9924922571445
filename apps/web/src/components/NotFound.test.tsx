import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ChapterListPage from '../routes/ChapterListPage';
import ReadingPage from '../routes/ReadingPage';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../test-support/render-screen';
import { NotFound } from './NotFound';

const BOOK = '11111111-1111-4111-8111-111111111111';
const CHAPTER = '22222222-2222-4222-8222-222222222222';
const notFound = (code: string) => ({ status: 404, body: { error: 'Not found', code } });

beforeAll(setUpI18n);
beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);

function expectNotFoundScreen(title: string) {
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  expect(document.title).toContain(title);
}

describe('not found screens', () => {
  it('an unknown chapter says so, with a way home, and never offers a membership', async () => {
    stubApi({ [`GET /comics/chapter_comics/${CHAPTER}/en-us`]: notFound('CHAPTER_NOT_FOUND') });
    renderScreen(<ReadingPage />, `/reader/book/chapter/${BOOK}/${CHAPTER}/1`, 'reader/book/chapter/:bookid/:chapter_uuid/:chapter_number');
    await screen.findByRole('heading', { level: 1, name: 'Chapter not found' });
    expectNotFoundScreen('Chapter not found');
    expect(screen.queryByText(/only open to members/i)).toBeNull();
    expect(screen.queryByRole('link', { name: /buy/i })).toBeNull();
  });

  it('an unknown book says so, without a retry button', async () => {
    stubApi({ [`GET /comics/chapters/${BOOK}/en-us/asc/0/10`]: notFound('BOOK_NOT_FOUND') });
    renderScreen(<ChapterListPage />, `/book/chapters/${BOOK}`, 'book/chapters/:id');
    await screen.findByRole('heading', { level: 1, name: 'Book not found' });
    expectNotFoundScreen('Book not found');
    expect(screen.queryByRole('button', { name: /retry|try again/i })).toBeNull();
  });

  it('an unknown path shows the page-not-found screen', () => {
    renderScreen(<NotFound kind="page" />, '/no/such/page', '*');
    expectNotFoundScreen('Page not found');
  });
});
