import { describe, expect, it } from 'vitest';
import type { CatalogueVersion } from '../src/modules/catalogue/catalogue-version.js';
import { createChapterCache } from '../src/modules/reading/chapter-cache.js';
import type { SharedChapter } from '../src/modules/reading/shared-chapter.js';

/** A catalogue version moved by hand, as a bump or a broadcast would. */
function fakeVersions(initial = 'v1') {
  let current = initial;
  const listeners = new Set<(version: string) => void>();
  const versions = {
    peek: () => current,
    get: async () => current,
    refresh: async () => current,
    set(version: string) {
      if (version === current) return;
      current = version;
      for (const listener of listeners) listener(version);
    },
    subscribe(listener: (version: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect: () => undefined,
    changedHere: async () => undefined,
    start: () => undefined,
    stop: () => undefined,
  } satisfies CatalogueVersion;
  return versions;
}

const shared = (title: string, text: string | null = null): SharedChapter => ({
  chapterUuid: 'c',
  bookUuid: 'b',
  number: 1,
  bookType: 'comic',
  contentRating: 'all_ages',
  chapterTitle: title,
  title,
  pages: [],
  text,
  textLanguage: text === null ? null : 'en-us',
  textLanguages: text === null ? [] : ['en-us'],
  prev: null,
  next: null,
  sellsChapters: false,
  reading: { direction: 'ltr', mode: 'strip' },
});

describe('the chapter cache', () => {
  it('reads a chapter once per language and version, then serves it from memory', async () => {
    const versions = fakeVersions();
    let reads = 0;
    const cache = createChapterCache({ versions, load: async (uuid, language) => ((reads += 1), shared(`${uuid} ${language} ${reads}`)) });
    expect((await cache.get('x', 'en-us'))?.title).toBe('x en-us 1');
    expect((await cache.get('x', 'en-us'))?.title).toBe('x en-us 1');
    expect((await cache.get('x', 'zh-cn'))?.title).toBe('x zh-cn 2');
    versions.set('v2');
    expect(cache.stats().entries).toBe(0);
    expect((await cache.get('x', 'en-us'))?.title).toBe('x en-us 3');
  });

  it('shares one read between concurrent misses, and never keeps a missing chapter', async () => {
    const versions = fakeVersions();
    let reads = 0;
    const cache = createChapterCache({
      versions,
      load: async (uuid) => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return uuid === 'missing' ? undefined : shared(uuid);
      },
    });
    const answers = await Promise.all([cache.get('x', 'en-us'), cache.get('x', 'en-us'), cache.get('x', 'en-us')]);
    expect(answers.every((answer) => answer === answers[0])).toBe(true);
    expect(reads).toBe(1);
    expect(await cache.get('missing', 'en-us')).toBeUndefined();
    expect(await cache.get('missing', 'en-us')).toBeUndefined();
    expect(reads).toBe(3);
  });

  it('does not keep a read that a catalogue change overtook, nor let later requests join it', async () => {
    const versions = fakeVersions();
    const titles = ['old', 'new'];
    let release: () => void = () => undefined;
    const cache = createChapterCache({
      versions,
      load: async () => {
        const title = titles.shift()!;
        if (title === 'old') await new Promise<void>((resolve) => (release = resolve));
        return shared(title);
      },
    });
    const slow = cache.get('x', 'en-us');
    await new Promise((resolve) => setImmediate(resolve));
    versions.set('v2'); // the change commits while the old read is under way
    const after = cache.get('x', 'en-us');
    release();
    expect((await slow)?.title).toBe('old');
    expect((await after)?.title).toBe('new');
    expect((await cache.get('x', 'en-us'))?.title).toBe('new');
  });

  it('bounds the bytes it holds (a long novel chapter counts for its text)', async () => {
    const cache = createChapterCache({
      versions: fakeVersions(),
      maxBytes: 50_000,
      load: async (uuid) => shared(uuid, 'x'.repeat(10_000)),
    });
    for (const uuid of ['a', 'b', 'c', 'd']) await cache.get(uuid, 'en-us');
    expect(cache.stats().entries).toBe(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
  });
});
