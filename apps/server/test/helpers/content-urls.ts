import { feedBases } from './feed-keys.js';
import { authHeader, nextClientIp, type TestBook, type TestUser } from './factories.js';
import type { TestContext } from './test-context.js';
import { unzip } from './zip.js';

/**
 * Every URL that serves or labels a chapter's content, in one place (docs/SECURITY.md "Who may read
 * what"): the API's chapter answer (whole and with the data saver), a page image through `/media`
 * (signed from the answer), OPDS 1.2 page streams and the book feed's stream links, OPDS 2.0 Divina
 * manifests, a novel chapter's XHTML and the book's EPUB, and writing a comment. The access tests
 * walk them all for every kind of reader; what only depends on the chapter (free to everyone or
 * not: the chapter list's `is_free`, the page head's preloaded first page, an unsigned `/media`
 * key) is in PUBLIC_PROBES.
 */

/** A reader as the probes need them: their site token and, for the feeds, a feed key (visitors have neither). */
export interface ProbeReader {
  name: string;
  user: (TestUser & { feedKey: string }) | null;
}

/** A chapter of a comic or a novel, with a word only its text holds (novels). */
export interface ProbeChapter {
  book: TestBook;
  index: number;
  kind: 'comic' | 'novel';
  /** For novels: a word only this chapter's text holds. */
  marker?: string;
}

/** What a probe saw: served, or refused with the status (and the API's error code when it gave one). */
export type ProbeResult = { served: true } | { served: false; status: number; code?: string };

export interface ContentProbe {
  name: string;
  appliesTo: ProbeChapter['kind'];
  /** Only for signed-in readers (feeds need a key, comments an account): a visitor gets 401 whatever the chapter. */
  needsAccount?: boolean;
  /** Refuses every reader with MEMBERSHIP_REQUIRED (comments do not tell an ended membership apart). */
  oneNotice?: boolean;
  probe: (ctx: TestContext, reader: ProbeReader, chapter: ProbeChapter) => Promise<ProbeResult>;
}

const chapterOf = (chapter: ProbeChapter) => chapter.book.chapters[chapter.index]!;
const refused = (response: { statusCode: number; body: string }): ProbeResult => {
  let code: string | undefined;
  try {
    code = (JSON.parse(response.body) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { served: false, status: response.statusCode, ...(code ? { code } : {}) };
};
/** 200 is served; 401 and 403 are refusals; anything else is a failure of the probe itself. */
function judged(response: { statusCode: number; body: string }, what: string): ProbeResult {
  if (response.statusCode === 200 || response.statusCode === 201) return { served: true };
  if (response.statusCode === 401 || response.statusCode === 403) return refused(response);
  throw new Error(`${what}: unexpected ${response.statusCode} ${response.body.slice(0, 200)}`);
}

const apiHeaders = (reader: ProbeReader) => (reader.user ? authHeader(reader.user) : {});
/** The reader's OPDS 1.2 base (key in the path); a visitor has no key, so a made-up one (refused 401). */
const feedBase = (reader: ProbeReader, version: 'v1.2' | 'v2' = 'v1.2') =>
  reader.user ? feedBases(reader.user, reader.user.feedKey, version)[0]! : { base: `/opds/key/${'A'.repeat(43)}/${version}/`, headers: {} };
const feedGet = (ctx: TestContext, reader: ProbeReader, path: string, version: 'v1.2' | 'v2' = 'v1.2') => {
  const { base, headers } = feedBase(reader, version);
  return ctx.app.inject({ url: `${base}${path}`, headers, remoteAddress: nextClientIp() });
};

const chapterAnswer = (ctx: TestContext, reader: ProbeReader, chapter: ProbeChapter, query = '') =>
  ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${chapterOf(chapter).uuid}/en-us${query}`, headers: apiHeaders(reader) });

export const CONTENT_PROBES: ContentProbe[] = [
  {
    name: 'API chapter answer',
    appliesTo: 'comic',
    probe: async (ctx, reader, chapter) => judged(await chapterAnswer(ctx, reader, chapter), 'chapter answer'),
  },
  {
    name: 'API chapter answer (novel text)',
    appliesTo: 'novel',
    probe: async (ctx, reader, chapter) => {
      const response = await chapterAnswer(ctx, reader, chapter);
      const result = judged(response, 'novel answer');
      if (result.served && !response.body.includes(chapter.marker!)) throw new Error('novel answer served without its text');
      return result;
    },
  },
  {
    name: 'API chapter answer with the data saver',
    appliesTo: 'comic',
    probe: async (ctx, reader, chapter) => judged(await chapterAnswer(ctx, reader, chapter, '?data_saver=1'), 'data saver answer'),
  },
  {
    name: "a page image through the answer's URL (/media, signed unless free)",
    appliesTo: 'comic',
    probe: async (ctx, reader, chapter) => {
      const answer = await chapterAnswer(ctx, reader, chapter);
      const result = judged(answer, 'chapter answer');
      if (!result.served) return result;
      const url = (answer.json() as { data: { result: { pages: { url: string }[] } } }).data.result.pages[0]!.url;
      const image = await ctx.app.inject({ url: new URL(url, 'http://x').pathname + new URL(url, 'http://x').search });
      return judged(image, `page image ${url}`);
    },
  },
  {
    name: 'OPDS 1.2 page stream',
    needsAccount: true,
    appliesTo: 'comic',
    probe: async (ctx, reader, chapter) =>
      judged(await feedGet(ctx, reader, `chapter/${chapterOf(chapter).uuid}/page/0?maxWidth=120`), 'OPDS page'),
  },
  {
    name: "OPDS 1.2 book feed's stream link",
    needsAccount: true,
    appliesTo: 'comic',
    probe: async (ctx, reader, chapter) => {
      const feed = await feedGet(ctx, reader, `book/${chapter.book.uuid}`);
      if (feed.statusCode !== 200) return refused(feed);
      const streams = [...feed.body.matchAll(/opds-pse\/stream"[^>]*href="([^"]*)"/g)].map((match) => match[1]!);
      return streams.some((href) => href.includes(chapterOf(chapter).uuid)) ? { served: true } : { served: false, status: 200 };
    },
  },
  {
    name: 'OPDS 2.0 Divina manifest',
    needsAccount: true,
    appliesTo: 'comic',
    probe: async (ctx, reader, chapter) =>
      judged(await feedGet(ctx, reader, `chapter/${chapterOf(chapter).uuid}/manifest.json`, 'v2'), 'Divina manifest'),
  },
  {
    name: "OPDS novel chapter's XHTML",
    needsAccount: true,
    appliesTo: 'novel',
    probe: async (ctx, reader, chapter) => {
      const response = await feedGet(ctx, reader, `chapter/${chapterOf(chapter).uuid}/text.xhtml`);
      const result = judged(response, 'XHTML');
      if (result.served && !response.body.includes(chapter.marker!)) throw new Error('XHTML served without its text');
      return result;
    },
  },
  {
    name: "the novel's EPUB",
    needsAccount: true,
    appliesTo: 'novel',
    probe: async (ctx, reader, chapter) => {
      const response = await feedGet(ctx, reader, `book/${chapter.book.uuid}/book.epub`);
      if (response.statusCode !== 200) return refused(response);
      const text = (await unzip(response.rawPayload)).map((entry) => entry.data.toString('utf8')).join('\n');
      return text.includes(chapter.marker!) ? { served: true } : { served: false, status: 200 };
    },
  },
  {
    name: 'writing a comment under the chapter',
    needsAccount: true,
    oneNotice: true,
    appliesTo: 'comic',
    probe: async (ctx, reader, chapter) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/comics/chapter/${chapterOf(chapter).uuid}/comments`,
        headers: apiHeaders(reader),
        payload: { body: `Probe ${reader.name} ${chapter.index} ${Math.random()}` },
        remoteAddress: nextClientIp(),
      });
      const result = judged(response, 'comment');
      // The flood rule allows one comment per reader every 10 s: move this one an hour back.
      if (result.served && reader.user) {
        await ctx.db
          .updateTable('comments')
          .set((eb) => ({ created_at: eb('created_at', '-', 2 * 3_600_000) }))
          .where('user_id', '=', reader.user.id)
          .execute();
      }
      return result;
    },
  },
];

/** What depends on the chapter only: whether it is free to everyone, as each path shows it. */
export const PUBLIC_PROBES: {
  name: string;
  appliesTo: ProbeChapter['kind'];
  isFree: (ctx: TestContext, chapter: ProbeChapter) => Promise<boolean>;
}[] = [
  {
    name: "the chapter list's is_free",
    appliesTo: 'comic',
    isFree: async (ctx, chapter) => {
      const list = await ctx.app.inject({ url: `/api/v1/comics/chapters/${chapter.book.uuid}/en-us/asc/0/50` });
      const found = (
        list.json() as { data: { result: { chapters: { chapter_uuid: string; is_free: boolean }[] } } }
      ).data.result.chapters.find((row) => row.chapter_uuid === chapterOf(chapter).uuid);
      if (!found) throw new Error('chapter not listed');
      return found.is_free;
    },
  },
  {
    name: "the server-rendered page's preloaded first page",
    appliesTo: 'comic',
    isFree: async (ctx, chapter) => {
      const { uuid, number, pageKeys } = chapterOf(chapter);
      const page = await ctx.app.inject({ url: `/reader/book/chapter/${chapter.book.uuid}/${uuid}/${number}` });
      if (page.statusCode !== 200) throw new Error(`page ${page.statusCode}`);
      return page.body.includes(pageKeys[0]!);
    },
  },
  {
    name: 'an unsigned /media page key',
    appliesTo: 'comic',
    isFree: async (ctx, chapter) => {
      const response = await ctx.app.inject({ url: `/media/${chapterOf(chapter).pageKeys[0]!}` });
      if (response.statusCode !== 200 && response.statusCode !== 403) throw new Error(`media ${response.statusCode}`);
      return response.statusCode === 200;
    },
  },
];
