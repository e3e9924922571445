import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';
import { AddToList } from './AddToList';

setUpSignedInScreenTests();

const BOOK = '6f1c3c4e-8a55-4a2f-9d49-1f0b5f3f8a11';
const LIST = '22222222-2222-4333-8444-555555555555';
const summary = { list_uuid: LIST, name: 'Favourite wuxia', visibility: 'private', book_count: 0 };

describe('“Add to list” on the book page', () => {
  it('adds the book to the chosen list and says so', async () => {
    stubApi({
      'GET /user/lists': { status: 200, body: { data: { result: [summary] } } },
      [`PUT /user/lists/${LIST}/books/${BOOK}`]: { status: 200, body: { data: { result: { ...summary, books: [] } } } },
    });
    renderScreen(<AddToList bookUuid={BOOK} />, '/book');
    expect(await screen.findByLabelText('Add to list')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('status')).textContent).toBe('Added to Favourite wuxia.');
  });

  it('says in its own words that the list is full', async () => {
    stubApi({
      'GET /user/lists': { status: 200, body: { data: { result: [summary] } } },
      [`PUT /user/lists/${LIST}/books/${BOOK}`]: { status: 409, body: { error: 'full', code: 'LIST_FULL' } },
    });
    renderScreen(<AddToList bookUuid={BOOK} />, '/book');
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This list already holds 500 books.');
  });
});
