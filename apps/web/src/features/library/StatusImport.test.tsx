import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportStatusesReport } from '@inkstream/contracts';
import { writeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { StatusImport } from './StatusImport';

/** Issue 61: the Statuses tab's import panel: pick, Check (dry run) shows the report, then Import; refusals in words. */
beforeAll(setUpI18n);
beforeEach(() => {
  writeStorage(STORAGE_KEYS.token, 'token-1');
  writeStorage(STORAGE_KEYS.userUuid, '0b8f6a3e-1c1d-4c55-9f5e-2a1a1b2c3d4e');
  writeStorage(STORAGE_KEYS.username, 'alice');
});
afterEach(() => {
  cleanUpScreen();
  localStorage.clear();
});

const BOOK = '6f1c3c4e-8a55-4a2f-9d49-1f0b5f3f8a11';
const report = (dryRun: boolean): ImportStatusesReport => ({
  dry_run: dryRun,
  total: 2,
  matched: 1,
  already_set: 0,
  unmatched: 1,
  ambiguous: 0,
  invalid: 0,
  entries_truncated: false,
  entries: [
    {
      outcome: 'matched',
      source_title: 'The Jade Pin',
      source_id: '2',
      status: 'reading',
      book: { uuid: BOOK, title: '玉簪记' },
      candidates: [],
      reason: null,
    },
    {
      outcome: 'unmatched',
      source_title: 'Nobody Has It',
      source_id: '3',
      status: 'completed',
      book: null,
      candidates: [],
      reason: 'no_book',
    },
  ],
});
const bodies = (api: ReturnType<typeof stubApi>) =>
  api.mock.calls.filter(([url]) => String(url).includes('/user/statuses/import')).map(([, init]) => JSON.parse(String(init?.body)));
const pickFile = (file: File) => fireEvent.change(screen.getByLabelText('Export file'), { target: { files: [file] } });

describe('importing statuses from another site', () => {
  it('Check shows what matched and what did not; Import sends the same file for real', async () => {
    // The first call is the Check (a dry run), the second the Import.
    let calls = 0;
    const api = stubApi({ 'POST /user/statuses/import': () => ({ status: 200, body: { data: { result: report(calls++ === 0) } } }) });
    renderScreen(<StatusImport />, '/library');
    fireEvent.click(screen.getByRole('button', { name: 'Import from MyAnimeList / AniList / MangaDex' }));
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    pickFile(new File(['<myanimelist></myanimelist>'], 'list.xml', { type: 'text/xml' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Check' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('1 of 2 books can be filed.', { exact: false })).toBeTruthy();
    expect(screen.getByText(/The Jade Pin → 玉簪记/)).toBeTruthy();
    expect(screen.getByText(/Nobody Has It/).textContent).toContain('no book with this title');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 of 2 books are filed.', { exact: false })).toBeTruthy();
    expect(bodies(api)).toEqual([
      { format: 'mal', content: '<myanimelist></myanimelist>', encoding: 'text', overwrite: false, dry_run: true },
      { format: 'mal', content: '<myanimelist></myanimelist>', encoding: 'text', overwrite: false, dry_run: false },
    ]);
  });

  it('a gzip file goes as base64; an unreadable file and the limit have their own words', async () => {
    let answer = { status: 400, body: { error: 'x', code: 'IMPORT_FILE_UNREADABLE' } };
    const api = stubApi({ 'POST /user/statuses/import': () => answer });
    renderScreen(<StatusImport />, '/library');
    fireEvent.click(screen.getByRole('button', { name: 'Import from MyAnimeList / AniList / MangaDex' }));
    pickFile(new File([new Uint8Array([0x1f, 0x8b, 0x08, 0x00])], 'list.xml.gz'));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Check' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be read as an export of the chosen site');
    expect(bodies(api)[0]).toMatchObject({ content: 'H4sIAA==', encoding: 'base64' });
    answer = { status: 409, body: { error: 'x', code: 'STATUS_LIMIT_REACHED' } };
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('10,000'));
  });
});
