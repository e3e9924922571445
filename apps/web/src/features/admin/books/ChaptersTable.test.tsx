import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activeTranslator } from '../../../i18n/active';
import adminBundle from '../../../i18n/locales/en-us/admin/admin.json';
import booksBundle from '../../../i18n/locales/en-us/admin/admin-books.json';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../../test-support/render-screen';
import { formatDateTime } from '../shell/format';
import { ChaptersTable } from './ChaptersTable';

const BOOK = '11111111-1111-4111-8111-111111111111';
const chapter = (number: number, extra: object) => ({
  chapter_uuid: `00000000-0000-4000-8000-00000000000${number}`,
  number,
  titles: { 'en-us': `Chapter ${number}` },
  is_published: false,
  publish_at: null,
  page_count: 3,
  word_count: null,
  created_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});
const CHAPTERS = [chapter(1, { is_published: true }), chapter(2, { publish_at: '2026-12-24T18:00:00.000Z' }), chapter(3, {})];

beforeAll(() => {
  setUpI18n();
  activeTranslator().addResources('admin', adminBundle);
  activeTranslator().addResources('admin-books', booksBundle);
});
afterEach(cleanUpScreen);

describe('the chapters table', () => {
  it('shows when each chapter comes out without opening Edit, in a keyboard-reachable region', async () => {
    stubApi({ [`GET /admin/books/${BOOK}/chapters`]: { status: 200, body: { data: { items: CHAPTERS, total: 3 } } } });
    renderScreen(<ChaptersTable bookUuid={BOOK} language="en-us" onChanged={() => undefined} />, '/admin/books');
    const region = await screen.findByRole('region', { name: 'Table: Chapters' });
    expect(region.tabIndex).toBe(0);
    await within(region).findByText('Chapter 3');
    const rows = await within(region).findAllByRole('row');
    expect(rows[0]!.textContent).toContain('Release');
    expect(rows[1]!.textContent).toContain(`Released ${formatDateTime('2026-11-01T10:00:00.000Z')}`);
    expect(rows[2]!.textContent).toContain(`Scheduled for ${formatDateTime('2026-12-24T18:00:00.000Z')}`);
    expect(rows[3]!.textContent).toContain('No release time set');
  });

  it('asks before unpublishing a chapter, and only "Yes" unpublishes it', async () => {
    const fetch = stubApi({
      [`GET /admin/books/${BOOK}/chapters`]: { status: 200, body: { data: { items: CHAPTERS, total: 3 } } },
      [`POST /admin/chapters/${CHAPTERS[0]!.chapter_uuid}/unpublish`]: { status: 200, body: { data: CHAPTERS[0] } },
    });
    const unpublishCalls = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/unpublish'));
    renderScreen(<ChaptersTable bookUuid={BOOK} language="en-us" onChanged={() => undefined} />, '/admin/books');
    await screen.findByText('Chapter 3');
    fireEvent.click(screen.getByRole('button', { name: /^Unpublish ?chapter 1$/ }));
    expect(screen.getByText('Unpublish chapter 1? Readers lose it until you publish it again.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Yes, unpublish ?chapter 1$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(unpublishCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /^Unpublish ?chapter 1$/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Yes, unpublish ?chapter 1$/ }));
    await waitFor(() => expect(unpublishCalls()).toHaveLength(1));
  });
});
