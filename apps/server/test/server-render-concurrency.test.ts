import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerEntry, ServerRenderingOptions } from '@inkstream/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessRendering } from '../src/modules/pages/page-renderer.js';
import { createBook, type TestBook } from './helpers/factories.js';
import { addLighterFirstPages, liteOf } from './helpers/lighter-pages.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * The server renders pages at once in one process (modules/pages/page-renderer.ts), from one copy
 * of the web app's modules: what one render is made with (here, the data saver's lighter pages)
 * must travel in that render's React context, not in a module that another render sets meanwhile
 * (issue 57: `serverLighterImages` in apps/web lib/data-saving.ts was).
 *
 * Each round loads its own copy of the server build, so its screens are lazy chunks not yet loaded
 * and a render waits on them midway (files read from disk), as the first renders after a start do.
 * Both renders' API calls are held until both have asked: then both carry on in the same turn, and
 * each is still waiting on its screen's chunk when the other has begun. Needs the web app's server
 * build (`npm run build`): dist-ssr.
 */
const REPO = path.resolve(import.meta.dirname, '../../..');
const SSR_DIR = path.join(REPO, 'apps/web/dist-ssr');
/** The copies go under the repository's node_modules, so the build's few packages (typebox) resolve as from dist-ssr. */
const COPIES_DIR = path.join(REPO, 'node_modules/.cache');
const copies: string[] = [];

/** A module graph of the server build of its own: its entry module and every chunk loaded afresh. */
async function freshServerBuild(): Promise<ServerEntry> {
  const copy = mkdtempSync(path.join(COPIES_DIR, 'inkstream-ssr-'));
  copies.push(copy);
  cpSync(SSR_DIR, copy, { recursive: true });
  return (await import(pathToFileURL(path.join(copy, 'entry-server.js')).href)) as ServerEntry;
}

let ctx: TestContext;
let book: TestBook;

beforeAll(async () => {
  if (!existsSync(path.join(SSR_DIR, 'entry-server.js')))
    throw new Error('apps/web/dist-ssr/entry-server.js is missing: run npm run build first');
  mkdirSync(COPIES_DIR, { recursive: true });
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 2, freeChapters: 2, pagesPerChapter: 2 });
  await addLighterFirstPages(ctx, book);
});
afterAll(async () => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  await ctx?.close();
});

/**
 * The in-process rendering of the server, with every API call held until both renders asked for
 * their chapter (the data saver's with `data_saver=1`, the other without); then all go on, and
 * later ones pass. Both renders then carry on in the same turn.
 */
function heldUntilBothAsk(rendering: ServerRenderingOptions): ServerRenderingOptions {
  const held: (() => void)[] = [];
  const asked = { lighter: false, whole: false };
  let isReleased = false;
  return {
    ...rendering,
    async fetch(url, init) {
      if (!isReleased) {
        if (url.pathname.includes('/chapter_comics/')) asked[url.searchParams.get('data_saver') === '1' ? 'lighter' : 'whole'] = true;
        await new Promise<void>((resolve) => {
          held.push(resolve);
          if (asked.lighter && asked.whole) {
            isReleased = true;
            for (const release of held.splice(0)) release();
          }
        });
      }
      return rendering.fetch(url, init);
    },
  };
}

describe('concurrent server renders', () => {
  it('give each render its own images: the data saver’s render the lighter pages, the other the whole ones', async () => {
    for (const [round, chapter] of book.chapters.entries()) {
      const entry = await freshServerBuild();
      entry.configureServerRendering(heldUntilBothAsk(inProcessRendering(ctx.app)));
      const url = `/reader/book/chapter/${book.uuid}/${chapter.uuid}/${round + 1}`;
      const lite = `/media/${liteOf(chapter.pageKeys[0]!)}`;
      const whole = `/media/${chapter.pageKeys[0]!}`;
      // Both at once, the lighter one started first in one round and second in the other.
      const lighterRender = () => entry.renderPage(url, 'en-us', { lighterImages: true });
      const plainRender = () => entry.renderPage(url, 'en-us');
      const [lighter, plain] =
        round % 2 === 0
          ? await Promise.all([lighterRender(), plainRender()])
          : await Promise.all([plainRender(), lighterRender()]).then(([second, first]) => [first, second] as const);
      expect(lighter.html, `round ${round}: the data saver's render has the lighter first page`).toContain(lite);
      expect(lighter.html).toContain(`src="${whole}"`);
      expect(plain.html, `round ${round}: the other render has the whole pages only`).toContain(`src="${whole}"`);
      expect(plain.html).not.toContain('-lite.');
      expect(lighter.render).toMatchObject({ lighterImages: true });
      expect(plain.render).not.toHaveProperty('lighterImages');
    }
  });
});
