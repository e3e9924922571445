import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminBookDetail } from '@inkstream/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { BookReadingSettings } from './BookReadingSettings';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const UUID = '33333333-3333-4333-8333-333333333333';
const book = { book_uuid: UUID, book_type: 'comic', reading: { direction: 'rtl', mode: 'single' } } as unknown as AdminBookDetail;
const PATCH = `PATCH /admin/books/${UUID}/reading`;

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const sentBodies = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe("a book's reading settings in the console", () => {
  it('shows the saved values, and sends only the field the operator changed', async () => {
    const saved = { ...book, reading: { direction: 'rtl', mode: 'double' } };
    const fetch = stubApi({ [PATCH]: { status: 200, body: { data: saved } } });
    const onSaved = vi.fn();
    renderScreen(<BookReadingSettings book={book} onSaved={onSaved} />, '/admin/books');

    expect(screen.getByRole('group', { name: 'Reading direction' })).toBeTruthy();
    expect(radio('Right to left').checked).toBe(true);
    expect(radio('Left to right').checked).toBe(false);
    expect(radio('Single page').checked).toBe(true);
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);

    // Choosing the saved value again is no change.
    fireEvent.click(radio('Long strip'));
    fireEvent.click(radio('Single page'));
    expect(save.disabled).toBe(true);
    fireEvent.click(radio('Double page'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(sentBodies(fetch)).toEqual([{ mode: 'double' }]);
    expect(onSaved).toHaveBeenCalledWith(saved);
  });

  it("says the server's refusal and keeps the operator's choice", async () => {
    const fetch = stubApi({
      [PATCH]: { status: 404, body: { error: 'This book does not exist', code: 'BOOK_NOT_FOUND' } },
    });
    const onSaved = vi.fn();
    renderScreen(<BookReadingSettings book={book} onSaved={onSaved} />, '/admin/books');
    fireEvent.click(radio('Left to right'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('This book does not exist');
    expect(screen.queryByText('Saved.')).toBeNull();
    expect(radio('Left to right').checked).toBe(true);
    await waitFor(() => expect(sentBodies(fetch)).toEqual([{ direction: 'ltr' }]));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
