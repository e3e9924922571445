import { screen } from '@testing-library/react';
import { activeTranslator } from '../../../i18n/active';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import bundle from '../../../i18n/locales/en-us/admin/admin-uploads.json';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../../test-support/render-screen';
import { ImportJobView } from './ImportJobView';

const BOOK = '11111111-1111-4111-8111-111111111111';
const JOB = '22222222-2222-4222-8222-222222222222';

beforeAll(() => {
  setUpI18n();
  activeTranslator().addResources('admin-uploads', bundle);
});
afterEach(cleanUpScreen);

const finished = (chapter: object) => ({
  job_uuid: JOB,
  book_uuid: BOOK,
  files: ['storm.cbz'],
  state: 'succeeded',
  progress: { phase: 'done', chapters_done: 1, chapters_total: 1, pages_done: 3, pages_total: 3, percent: 100 },
  result: {
    source_name: 'storm.cbz',
    book_uuid: BOOK,
    book_title: 'Storm',
    language: 'en-us',
    added: 0,
    skipped: 1,
    failed: 0,
    chapters: [{ number: 1, title: 'The Storm', status: 'skipped', uuid: 'c1', pages: 3, words: null, reason: null, ...chapter }],
    pages_done: 0,
    warnings: [],
    lines: [],
  },
  error: null,
  created_at: '2026-11-23T10:00:00.000Z',
  finished_at: '2026-11-23T10:00:05.000Z',
});

/** Issue 40, item 19: a re-uploaded file with "Number of the first chapter" = 2. */
describe('a skipped chapter in the upload summary', () => {
  it('says the typed number was not used and which chapter the files already are, once', async () => {
    stubApi({ [`GET /admin/imports/${JOB}`]: { status: 200, body: { data: finished({ requested_number: 2 }) } } });
    renderScreen(<ImportJobView job={finished({ requested_number: 2 }) as never} />, '/admin/books');
    await screen.findByText(/Imported: 0/);
    expect(document.querySelector('li[data-status="skipped"]')?.textContent).toBe(
      'Chapter 2 “The Storm”: skipped, these files are already chapter 1, so the number 2 was not used',
    );
  });

  it('says "already imported" once when no number was typed', async () => {
    stubApi({ [`GET /admin/imports/${JOB}`]: { status: 200, body: { data: finished({}) } } });
    renderScreen(<ImportJobView job={finished({}) as never} />, '/admin/books');
    await screen.findByText(/Imported: 0/);
    expect(document.querySelector('li[data-status="skipped"]')?.textContent).toBe('Chapter 1 “The Storm”: skipped, already imported');
  });
});
