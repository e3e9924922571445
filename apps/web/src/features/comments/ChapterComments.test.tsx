import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n } from '../../test-support/render-screen';
import { ChapterComments } from './ChapterComments';
import { CommentsLink } from './CommentsLink';

const CHAPTER = '22222222-2222-4222-8222-222222222222';
const ME = '99999999-9999-4999-8999-999999999999';
const listPath = `/api/v1/comics/chapter/${CHAPTER}/comments`;

function comment(n: number, fields: Record<string, unknown> = {}) {
  return {
    comment_uuid: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
    parent_uuid: null,
    user: { uuid: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`, username: `reader${n}` },
    body: `Comment number ${n}`,
    spoiler: false,
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    edited_at: null,
    likes: 4,
    already_liked: false,
    replies_count: 0,
    hidden: false,
    ...fields,
  };
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (url: URL, init: RequestInit) => Answer | Promise<Answer>;

/** Fetch answered per "METHOD /path" (query left out); every call is kept for assertions. */
function serve(routes: Record<string, Handler>, community = true) {
  const calls: string[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push(`${key}${url.search}`);
    const all: Record<string, Handler> = {
      'GET /api/v1/config/public': () => ({ status: 200, body: { data: { result: { community } } } }),
      ...routes,
    };
    const answer = await (all[key]?.(url, init) ?? { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', mock);
  return calls;
}

/** A page of top-level comments: `total` pages them, `comments_count` is the chapter's figure (replies included). */
const page = (result: unknown[], total = result.length, comments_count = total): Answer => ({
  status: 200,
  body: { data: { result, total, comments_count } },
});
const open = () =>
  renderScreen(<ChapterComments chapterUuid={CHAPTER} />, `/reader/book/chapter/b/${CHAPTER}/1`, 'reader/book/chapter/:b/:c/:n');
const logIn = () => {
  localStorage.setItem('X-API-TOKEN', 'token');
  localStorage.setItem('USER_UUID', ME);
  localStorage.setItem('USERNAME', 'me');
};
const standing =
  (fields: Record<string, unknown> = {}): Handler =>
  () => ({
    status: 200,
    body: {
      data: { result: { banned: false, ban_reason: null, banned_until: null, links_allowed: true, links_allowed_at: null, ...fields } },
    },
  });

beforeAll(setUpI18n);
beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);

/** Elements scrolled into view during each test of the calling block (jsdom has no scrollIntoView). */
function recordScrolls(): Element[] {
  const scrolled: Element[] = [];
  beforeEach(() => {
    scrolled.length = 0;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
  return scrolled;
}

describe('chapter comments', () => {
  it('renders nothing and asks nothing about comments while the site has the community off', async () => {
    const calls = serve({ [`GET ${listPath}`]: () => page([comment(1)]) }, false);
    open();
    await waitFor(() => expect(calls).toContain('GET /api/v1/config/public'));
    // The config has answered and been rendered: still no section and no comment call.
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(screen.queryByRole('heading', { name: /Comments/ })).toBeNull();
    expect(calls.some((call) => call.includes('/comments'))).toBe(false);
  });

  describe('opened by a link to #comments (reply alerts and push notices link there)', () => {
    const scrolled = recordScrolls();
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('scrolls to the comments once they are there', async () => {
      window.history.replaceState(null, '', '/#comments');
      serve({ [`GET ${listPath}`]: () => page([comment(1)]) });
      open();
      expect(await screen.findByText('Comment number 1')).toBeTruthy();
      await waitFor(() => expect(scrolled.map((element) => element.id)).toEqual(['comments']));
      expect(screen.getByRole('region', { name: /Comments/ }).id).toBe('comments');
    });

    it('leaves the page where it is without the fragment', async () => {
      serve({ [`GET ${listPath}`]: () => page([comment(1)]) });
      open();
      expect(await screen.findByText('Comment number 1')).toBeTruthy();
      expect(scrolled).toEqual([]);
    });
  });

  it("shows the chapter's count, the newest first page, and more on request, with the sort and page in the query", async () => {
    const first = Array.from({ length: 20 }, (_, i) => comment(i + 1));
    // 21 top-level comments and 13 replies: the heading says 34, as the chapter list does.
    const calls = serve({
      [`GET ${listPath}`]: (url) => (url.searchParams.get('page') === '1' ? page(first, 21, 34) : page([comment(21)], 21, 34)),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Comments (34)' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(calls).toContain(`GET ${listPath}?sort=newest&page=1&page_size=20`);
    fireEvent.click(screen.getByRole('button', { name: 'More comments' }));
    expect(await screen.findByText('Comment number 21')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More comments' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Top' }));
    await waitFor(() => expect(calls).toContain(`GET ${listPath}?sort=top&page=1&page_size=20`));
    expect(screen.getByRole('button', { name: 'Top' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps line breaks and shows who, when (exact time in the title and datetime) and the edited mark', async () => {
    const edited = comment(1, { body: 'line one\nline two', edited_at: new Date().toISOString() });
    serve({ [`GET ${listPath}`]: () => page([edited]) });
    open();
    const article = await screen.findByRole('article', { name: 'reader1' });
    expect(within(article).getByText('3 hours ago').getAttribute('datetime')).toBe(edited.created_at);
    expect(within(article).getByText('3 hours ago').parentElement!.title).toMatch(/\d/);
    expect(within(article).getByText('edited')).toBeTruthy();
    expect(article.querySelector('p[dir="auto"]')!.textContent).toBe('line one\nline two');
  });

  it('hides a spoiler until the reader taps it, and says whether it is open', async () => {
    serve({ [`GET ${listPath}`]: () => page([comment(1, { spoiler: true, body: 'The villain is her father' })]) });
    open();
    const button = await screen.findByRole('button', { name: 'Spoiler – tap to reveal' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const text = screen.getByText('The villain is her father');
    expect(text.hidden).toBe(true);
    expect(button.getAttribute('aria-controls')).toBe(text.id);
    fireEvent.click(button);
    expect(text.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Hide spoiler' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a tombstone for a deleted comment and the note on the reader’s own held comment', async () => {
    serve({
      [`GET ${listPath}`]: () =>
        page([comment(1, { deleted: true, body: '', replies_count: 2 }), comment(2, { hidden: true, user: { uuid: ME, username: 'me' } })]),
      'GET /api/v1/user/community': standing(),
    });
    logIn();
    open();
    expect(await screen.findByText('Comment deleted')).toBeTruthy();
    expect(screen.getByRole('button', { name: '2 replies' })).toBeTruthy();
    expect(screen.getByText('Only you can see this: it is waiting for a moderator.')).toBeTruthy();
  });

  it('signs an erased reader’s kept comment “Deleted reader”, never with the account’s pseudonym (issue 43)', async () => {
    const PSEUDONYM = 'deleted-0123456789ab';
    serve({
      [`GET ${listPath}`]: () =>
        page([comment(1, { body: 'Kept words', user: { uuid: ME.replace(/9/g, '7'), username: PSEUDONYM, deleted_reader: true } })]),
      'GET /api/v1/user/community': standing(),
    });
    logIn();
    open();
    const article = await screen.findByRole('article', { name: 'Deleted reader' });
    expect(within(article).getByText('Deleted reader').tagName).toBe('BDI');
    expect(within(article).getByText('Kept words')).toBeTruthy();
    expect(document.body.textContent).not.toContain(PSEUDONYM);
    expect(within(article).queryByRole('link')).toBeNull();
    // The comment stays: it can be replied to and reported; no one may edit or delete it as theirs.
    expect(within(article).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(article).getByRole('button', { name: 'Reply' }));
    expect(screen.getByRole('textbox', { name: 'Reply to Deleted reader' })).toBeTruthy();
  });

  it('likes at once, and takes the like back when the server refuses', async () => {
    let answer!: (value: Answer) => void;
    serve({
      [`GET ${listPath}`]: () => page([comment(1)]),
      'GET /api/v1/user/community': standing(),
      [`POST /api/v1/comics/comment/${comment(1).comment_uuid}/like`]: () => new Promise<Answer>((resolve) => (answer = resolve)),
    });
    logIn();
    open();
    const like = await screen.findByRole('button', { name: 'Like 4' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    // Before the server answers: pressed, one more.
    const pressed = await screen.findByRole('button', { name: 'Like 5' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ status: 500, body: { error: 'boom', code: 'INTERNAL_ERROR' } });
    const back = await screen.findByRole('button', { name: 'Like 4' });
    expect(back.getAttribute('aria-pressed')).toBe('false');
    error.mockRestore();
  });

  it('takes the server’s count when the like succeeds', async () => {
    serve({
      [`GET ${listPath}`]: () => page([comment(1)]),
      'GET /api/v1/user/community': standing(),
      [`POST /api/v1/comics/comment/${comment(1).comment_uuid}/like`]: () => ({
        status: 200,
        body: { data: { result: { likes: 9, already_liked: true } } },
      }),
    });
    logIn();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Like 4' }));
    expect((await screen.findByRole('button', { name: 'Like 9' })).getAttribute('aria-pressed')).toBe('true');
  });

  it('sends a visitor who taps like to log in, and back here afterwards', async () => {
    serve({ [`GET ${listPath}`]: () => page([comment(1)]) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Like 4' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('location-search').textContent).toBe(`?return=${encodeURIComponent(`/reader/book/chapter/b/${CHAPTER}/1`)}`);
  });

  it('offers visitors a login link instead of the composer', async () => {
    serve({ [`GET ${listPath}`]: () => page([]) });
    open();
    const link = await screen.findByRole('link', { name: 'Log in to comment' });
    expect(link.getAttribute('href')).toBe(`/login?return=${encodeURIComponent(`/reader/book/chapter/b/${CHAPTER}/1`)}`);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('replaces the composer with the ban, its reason and its end', async () => {
    serve({
      [`GET ${listPath}`]: () => page([]),
      'GET /api/v1/user/community': standing({ banned: true, ban_reason: 'Insults', banned_until: '2031-05-04T10:00:00Z' }),
    });
    logIn();
    open();
    expect(await screen.findByText(/You cannot comment until .*2031.* Reason: Insults/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('counts characters as the server does and refuses more than 2,000', async () => {
    serve({ [`GET ${listPath}`]: () => page([]), 'GET /api/v1/user/community': standing() });
    logIn();
    open();
    const field = await screen.findByRole('textbox', { name: 'Write a comment' });
    fireEvent.change(field, { target: { value: '😀'.repeat(2000) } });
    expect(screen.getByText('2,000 / 2,000')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post' }).disabled).toBe(false);
    fireEvent.change(field, { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post' }).disabled).toBe(true);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('says before sending, as the server would refuse, that a text shows nothing or piles marks on a letter (issue 40)', async () => {
    const calls = serve({ [`GET ${listPath}`]: () => page([]), 'GET /api/v1/user/community': standing() });
    logIn();
    open();
    const field = await screen.findByRole('textbox', { name: 'Write a comment' });
    const cases: [string, RegExp][] = [
      ['\u2800\u2800\u2800', /^There is nothing to see in this text: write something readers can read/],
      ['\uFE0F'.repeat(50), /^There is nothing to see in this text/],
      [`Z${'\u0336'.repeat(500)}`, /^A character carries too many accents or marks: at most 8 on one character\.$/],
    ];
    for (const [text, message] of cases) {
      fireEvent.change(field, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Post' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(message);
      expect(document.activeElement).toBe(field);
      expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    }
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('posts a comment with its spoiler mark and puts it at the top', async () => {
    let sent: unknown;
    serve({
      [`GET ${listPath}`]: () => page([comment(1)]),
      'GET /api/v1/user/community': standing(),
      [`POST ${listPath}`]: (_url, init) => {
        sent = JSON.parse(String(init.body));
        return { status: 201, body: { data: { result: comment(7, { body: 'Mine', spoiler: true, user: { uuid: ME, username: 'me' } }) } } };
      },
    });
    logIn();
    open();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Write a comment' }), 'Mine');
    await user.click(screen.getByRole('checkbox', { name: 'Spoiler' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Your comment is posted.')).toBeTruthy();
    expect(sent).toEqual({ body: 'Mine', spoiler: true });
    expect(screen.getAllByRole('article')[0]!.getAttribute('aria-label')).toBe('me');
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Write a comment' }).value).toBe('');
  });

  const refusals: [string, Answer, RegExp][] = [
    [
      'RATE_LIMITED',
      { status: 429, body: { error: 'slow', code: 'RATE_LIMITED' }, headers: { 'Retry-After': '7' } },
      /^You are commenting too fast, try again in 7 seconds\.$/,
    ],
    ['DUPLICATE_COMMENT', { status: 409, body: { error: 'dup', code: 'DUPLICATE_COMMENT' } }, /^You have already posted this comment\.$/],
    [
      'LINKS_NOT_ALLOWED',
      { status: 403, body: { error: 'links', code: 'LINKS_NOT_ALLOWED', links_allowed_at: '2030-01-02T03:04:00Z' } },
      /^New accounts cannot post links yet: you can from .*2030.*Remove the link to post now\.$/,
    ],
    [
      'VALIDATION_FAILED',
      { status: 400, body: { error: 'bad', code: 'VALIDATION_FAILED', details: [{ field: 'body', message: 'x' }] } },
      /at most 2,000 characters/,
    ],
    [
      'COMMENT_BANNED',
      { status: 403, body: { error: 'banned', code: 'COMMENT_BANNED', ban_reason: 'Spam', banned_until: null } },
      /^You can no longer comment on this site\. Reason: Spam$/,
    ],
    ['COMMENTS_CLOSED', { status: 403, body: { error: 'closed', code: 'COMMENTS_CLOSED' } }, /^Comments are closed for this book\.$/],
    [
      'MEMBERSHIP_REQUIRED',
      { status: 403, body: { error: 'members', code: 'MEMBERSHIP_REQUIRED' } },
      /^Only readers who can read this chapter can comment on it\.$/,
    ],
  ];
  for (const [code, answer, message] of refusals) {
    it(`says why when the server refuses with ${code}, in an alert`, async () => {
      serve({ [`GET ${listPath}`]: () => page([]), 'GET /api/v1/user/community': standing(), [`POST ${listPath}`]: () => answer });
      logIn();
      open();
      const user = userEvent.setup({ delay: null });
      const field = await screen.findByRole('textbox', { name: 'Write a comment' });
      await user.type(field, 'Hello https://example.com');
      await user.click(screen.getByRole('button', { name: 'Post' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(message);
      if (code === 'COMMENTS_CLOSED' || code === 'MEMBERSHIP_REQUIRED') {
        expect(screen.queryByRole('textbox')).toBeNull();
      } else {
        // The text stays for the reader to fix, the field names the error and keeps the focus.
        expect(document.activeElement).toBe(field);
        expect((field as HTMLTextAreaElement).value).toBe('Hello https://example.com');
        expect(field.getAttribute('aria-describedby')).toContain(alert.id);
      }
    });
  }

  it('opens the replies with their own paging and posts a reply under the comment, counted in the heading', async () => {
    const parent = comment(1, { replies_count: 1 });
    let replies = [comment(2, { parent_uuid: parent.comment_uuid, body: 'First reply' })];
    let sent: unknown;
    serve({
      [`GET ${listPath}`]: (url) =>
        url.searchParams.get('parent_uuid') === parent.comment_uuid ? page(replies) : page([parent], 1, 1 + replies.length),
      'GET /api/v1/user/community': standing(),
      [`POST ${listPath}`]: (_url, init) => {
        sent = JSON.parse(String(init.body));
        const reply = comment(3, { parent_uuid: parent.comment_uuid, body: 'My reply', user: { uuid: ME, username: 'me' } });
        replies = [...replies, reply];
        return { status: 201, body: { data: { result: reply } } };
      },
    });
    logIn();
    open();
    const user = userEvent.setup({ delay: null });
    const toggle = await screen.findByRole('button', { name: '1 reply' });
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
    await user.click(toggle);
    expect(await screen.findByText('First reply')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getAllByRole('button', { name: 'Reply' })[0]!);
    const field = screen.getByRole('textbox', { name: 'Reply to reader1' });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'My reply');
    await user.click(within(field.closest('form')!).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('My reply')).toBeTruthy();
    expect(screen.getByText('Your comment is posted.')).toBeTruthy();
    expect(sent).toEqual({ body: 'My reply', parent_uuid: parent.comment_uuid });
    expect(screen.getByRole('heading', { name: 'Comments (3)' })).toBeTruthy();
  });

  it('reports a comment with a reason and a few words', async () => {
    let sent: unknown;
    serve({
      [`GET ${listPath}`]: () => page([comment(1)]),
      'GET /api/v1/user/community': standing(),
      [`POST /api/v1/comics/comment/${comment(1).comment_uuid}/report`]: (_url, init) => {
        sent = JSON.parse(String(init.body));
        return { status: 200, body: { data: { result: { reported: true } } } };
      },
    });
    logIn();
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this comment' });
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Send report' }).disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Off topic' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'A few words for the moderators (optional)' }), 'ads');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. A moderator will look at it.')).toBeTruthy();
    expect(sent).toEqual({ reason: 'off_topic', detail: 'ads' });
  });

  it('edits and deletes only the reader’s own comment', async () => {
    const mine = comment(1, { user: { uuid: ME, username: 'me' }, mine: true });
    let isDeleted = false;
    const calls = serve({
      [`GET ${listPath}`]: () => page(isDeleted ? [comment(2)] : [mine, comment(2)]),
      'GET /api/v1/user/community': standing(),
      [`PATCH /api/v1/comics/comment/${mine.comment_uuid}`]: () => ({
        status: 200,
        body: { data: { result: { ...mine, body: 'Better words', edited_at: new Date().toISOString() } } },
      }),
      [`DELETE /api/v1/comics/comment/${mine.comment_uuid}`]: () => {
        isDeleted = true;
        return { status: 200, body: { data: { result: { deleted: true } } } };
      },
    });
    logIn();
    open();
    const user = userEvent.setup({ delay: null });
    const own = await screen.findByRole('article', { name: 'me' });
    const other = screen.getByRole('article', { name: 'reader2' });
    expect(within(other).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(own).getByRole('button', { name: 'Edit' }));
    const field = within(own).getByRole('textbox', { name: 'Edit your comment' });
    await user.clear(field);
    await user.type(field, 'Better words');
    await user.click(within(own).getByRole('button', { name: 'Save' }));
    expect(await within(own).findByText('Better words')).toBeTruthy();
    expect(within(own).getByText('edited')).toBeTruthy();
    await user.click(within(own).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'me' })).toBeNull());
    expect(calls).toContain(`DELETE /api/v1/comics/comment/${mine.comment_uuid}`);
    // The focus does not fall to the page's start with the comment: it goes to the comments' heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Comments (1)' })));
  });
});

describe("the end-of-chapter card's link to the comments", () => {
  const scrolled = recordScrolls();
  const openWithLink = () =>
    renderScreen(
      <>
        <CommentsLink chapterUuid={CHAPTER} isEnabled />
        <ChapterComments chapterUuid={CHAPTER} />
      </>,
      `/reader/book/chapter/b/${CHAPTER}/1`,
      'reader/book/chapter/:b/:c/:n',
    );

  it("names the chapter's count, shares the comments' request, and takes the reader to the comments heading", async () => {
    const calls = serve({ [`GET ${listPath}`]: () => page([comment(1)], 1, 34) });
    openWithLink();
    const link = await screen.findByRole('link', { name: '34 comments' });
    expect(link.getAttribute('href')).toBe('#comments');
    const heading = screen.getByRole('heading', { name: 'Comments (34)' });
    expect(calls.filter((call) => call.startsWith(`GET ${listPath}`))).toHaveLength(1);
    fireEvent.click(link);
    expect(scrolled.map((element) => element.id)).toEqual(['comments']);
    expect(document.activeElement).toBe(heading);
  });

  it('says one comment in the singular', async () => {
    serve({ [`GET ${listPath}`]: () => page([comment(1)]) });
    openWithLink();
    expect(await screen.findByRole('link', { name: '1 comment' })).toBeTruthy();
  });

  it('is not there, and asks nothing, with the community off', async () => {
    const calls = serve({ [`GET ${listPath}`]: () => page([comment(1)]) }, false);
    openWithLink();
    await waitFor(() => expect(calls).toContain('GET /api/v1/config/public'));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(screen.queryByRole('link')).toBeNull();
    expect(calls.some((call) => call.includes('/comments'))).toBe(false);
  });
});
