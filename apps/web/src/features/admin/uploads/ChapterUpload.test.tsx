import { fireEvent, screen, waitFor } from '@testing-library/react';
import { activeTranslator } from '../../../i18n/active';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import bundle from '../../../i18n/locales/en-us/admin/admin-uploads.json';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../../test-support/render-screen';
import { ChapterUpload } from './ChapterUpload';

const BOOK = '11111111-1111-4111-8111-111111111111';
const JOB = '22222222-2222-4222-8222-222222222222';

beforeAll(async () => {
  setUpI18n();
  activeTranslator().addResources('admin-uploads', bundle);
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('X-API-TOKEN', 'token-1');
});
afterEach(cleanUpScreen);

const job = (state: string, extra: object = {}) => ({
  job_uuid: JOB,
  book_uuid: BOOK,
  files: ['storm.cbz'],
  state,
  progress: null,
  result: null,
  error: null,
  created_at: '2026-11-23T10:00:00.000Z',
  finished_at: null,
  ...extra,
});

const running = job('running', {
  progress: { phase: 'pages', chapters_done: 1, chapters_total: 5, pages_done: 37, pages_total: 100, percent: 37 },
});
const succeeded = job('succeeded', {
  progress: { phase: 'done', chapters_done: 5, chapters_total: 5, pages_done: 100, pages_total: 100, percent: 100 },
  result: {
    source_name: '0001-storm.cbz',
    book_uuid: BOOK,
    book_title: 'Storm',
    language: 'en-us',
    added: 4,
    skipped: 0,
    failed: 1,
    chapters: [
      { number: 1, title: 'One', status: 'added', uuid: 'c1', pages: 20, words: null, reason: null },
      { number: 2, title: 'Two', status: 'failed', uuid: null, pages: 20, words: null, reason: 'page "02.jpg" could not be decoded' },
    ],
    pages_done: 100,
    warnings: [],
    lines: [],
  },
});

describe('chapter upload panel', () => {
  it('resumes a running job after a reload and shows its summary when it ends', async () => {
    let polls = 0;
    stubApi({
      'GET /admin/imports': { status: 200, body: { data: { items: [running], total: 1 } } },
      [`GET /admin/imports/${JOB}`]: () => {
        polls += 1;
        return { status: 200, body: { data: polls > 1 ? succeeded : running } };
      },
    });
    renderScreen(<ChapterUpload bookUuid={BOOK} />, '/admin/books');
    const bar = await screen.findByLabelText('Chapter 2 of 5 · 37 pages');
    expect(bar.tagName).toBe('PROGRESS');
    expect((bar as HTMLProgressElement).value).toBe(37);
    await waitFor(() => expect(screen.getByText('Imported: 4 · skipped (already imported): 0 · refused: 1')).toBeTruthy(), {
      timeout: 4000,
    });
    expect(screen.getByText(/page "02.jpg" could not be decoded/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a mix of an archive and images before sending', async () => {
    stubApi({ 'GET /admin/imports': { status: 200, body: { data: { items: [], total: 0 } } } });
    renderScreen(<ChapterUpload bookUuid={BOOK} />, '/admin/books');
    fireEvent.change(screen.getByLabelText('Drop files here or choose them'), {
      target: { files: [new File(['x'], 'a.cbz'), new File(['x'], '1.jpg')] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Upload either one archive or images, not both.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' }).disabled).toBe(true);
  });

  it('sends the fields then the files with XMLHttpRequest and lists the new job', async () => {
    const sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
    class FakeXhr {
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      status = 0;
      response: unknown = null;
      responseType = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private url = '';
      private headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: FormData) {
        sent.push({ url: this.url, headers: this.headers, body });
        setTimeout(() => {
          this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
          this.status = 202;
          this.response = { data: { result: { job_uuid: JOB } } };
          this.onload?.();
        }, 10);
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let uploaded = false;
    stubApi({
      'GET /admin/imports': () => ({ status: 200, body: { data: uploaded ? { items: [succeeded], total: 1 } : { items: [], total: 0 } } }),
    });
    renderScreen(<ChapterUpload bookUuid={BOOK} />, '/admin/books');
    await screen.findByText('No uploads for this book yet.');
    fireEvent.change(screen.getByLabelText('Drop files here or choose them'), {
      target: { files: [new File(['b'], 'p10.jpg'), new File(['a'], 'p2.jpg')] },
    });
    fireEvent.change(screen.getByLabelText('Number of the first chapter (optional)'), { target: { value: '7' } });
    // Issue 40, item 14: no release is preselected; Upload without a choice sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const required = await screen.findByText('Choose when the new chapters come out: publish now, at a time, or keep as draft.');
    expect(required).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: 'Publish now' }));
    // The choice answers the message: it goes.
    expect(screen.queryByText('Choose when the new chapters come out: publish now, at a time, or keep as draft.')).toBeNull();
    const button = screen.getByRole('button', { name: 'Upload' });
    const summary = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(summary?.textContent).toBe('Upload will publish the new chapters as soon as they are imported: readers see them at once.');
    uploaded = true;
    fireEvent.click(button);
    await screen.findByText('Imported: 4 · skipped (already imported): 0 · refused: 1');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/v1/admin/imports');
    expect(sent[0]!.headers).toEqual({ Authorization: 'Token token-1' });
    const entries = [...sent[0]!.body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
    expect(entries).toEqual([
      ['book_uuid', BOOK],
      ['first_number', '7'],
      ['release', 'now'],
      ['files', 'p2.jpg'],
      ['files', 'p10.jpg'],
    ]);
  });

  it('sends the release choice, and shows a release time that has passed in words the operator reads', async () => {
    const sent: FormData[] = [];
    class RefusingXhr {
      upload = { onprogress: null };
      status = 0;
      response: unknown = null;
      responseType = '';
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send(body: FormData) {
        sent.push(body);
        setTimeout(() => {
          this.status = 400;
          this.response = {
            error: 'The release time has already passed; choose a time in the future',
            code: 'RELEASE_TIME_PAST',
            details: [{ field: 'publish_at', message: 'must be in the future' }],
          };
          this.onload?.();
        }, 5);
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    stubApi({ 'GET /admin/imports': { status: 200, body: { data: { items: [], total: 0 } } } });
    renderScreen(<ChapterUpload bookUuid={BOOK} />, '/admin/books');
    await screen.findByText('No uploads for this book yet.');
    fireEvent.change(screen.getByLabelText('Drop files here or choose them'), { target: { files: [new File(['a'], 'p1.jpg')] } });
    for (const mode of ['Publish now', 'Keep as draft', 'Publish at a time']) {
      expect(screen.getByRole<HTMLInputElement>('radio', { name: mode }).checked).toBe(false);
    }
    expect(screen.getByText('Nothing is sent until you choose when the new chapters come out.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Publish at a time' }));
    fireEvent.change(screen.getByLabelText('Release at (your local time)'), { target: { value: '2020-05-01T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const message = await screen.findByText('This time has already passed. Choose a time in the future.');
    expect(message.id).toBe(screen.getByLabelText('Release at (your local time)').getAttribute('aria-describedby'));
    expect(screen.queryByText(/must be in the future/)).toBeNull();
    const fields = Object.fromEntries([...sent[0]!.entries()].filter(([name]) => name !== 'files'));
    expect(fields).toEqual({ book_uuid: BOOK, release: 'at', publish_at: new Date('2020-05-01T09:30').toISOString() });

    fireEvent.click(screen.getByRole('radio', { name: 'Keep as draft' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(Object.fromEntries([...sent[1]!.entries()].filter(([name]) => name !== 'files'))).toEqual({ book_uuid: BOOK, release: 'draft' });
  });
});
