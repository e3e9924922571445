import { readFile, stat } from 'node:fs/promises';
import type { Language } from '@inkstream/contracts';
import { escapeHtml } from '../../lib/html-escape.js';

/**
 * Resource hints in a page's head, so the browser fetches what the web app will surely ask for
 * next while it is still downloading the entry script: the first translations of the page's
 * language (every page), the lazy screen of the route (its chunk, the chunks it imports, its CSS,
 * and the part of the language it loads, see apps/web/src/i18n) and the image the page's largest
 * paint will show. Without the body being server-rendered this
 * removes two round trips from the chain HTML → entry → screen chunk → API call → image.
 * Everything here is a hint: a missing manifest (placeholder page, development) gives none.
 */

/** A lazy screen of the web app whose chunks the head may announce. */
export type PreloadScreen = 'books' | 'chapters' | 'reader' | 'search' | 'schedule' | 'rankings' | 'author';

/** The image the page will paint largest, exactly as the web app's `<img>` or `<picture>` asks for it. */
export interface PreloadImage {
  href: string;
  /** The MIME type of a `<picture>` source, so a browser that cannot decode it skips the hint as it skips the source. */
  type?: string;
}

export interface PageHints {
  /** The language the web app will start in: its first translations (every page) and, with a screen, the rest. */
  language: Language;
  screen?: PreloadScreen;
  image?: PreloadImage;
}

/** Source files of the screens in the web app (keys of Vite's manifest). */
const SCREEN_SOURCES: Record<PreloadScreen, string> = {
  books: 'src/routes/BookListPage.tsx',
  chapters: 'src/routes/ChapterListPage.tsx',
  reader: 'src/routes/ReadingPage.tsx',
  search: 'src/routes/SearchPage.tsx',
  schedule: 'src/routes/SchedulePage.tsx',
  rankings: 'src/routes/RankingsPage.tsx',
  author: 'src/routes/AuthorPage.tsx',
};
const firstOfLanguage = (language: Language) => `src/i18n/locales/${language}/first.ts`;
const readingTexts = (language: Language) => `src/i18n/locales/${language}/reading.ts`;
/** The part of its language each screen loads besides the first (App.tsx: withReadingTexts); the book list needs none. */
const SCREEN_TEXTS: Record<PreloadScreen, ((language: Language) => string) | null> = {
  books: null,
  chapters: readingTexts,
  reader: readingTexts,
  search: readingTexts,
  schedule: readingTexts,
  rankings: readingTexts,
  author: readingTexts,
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Built files of one screen: its chunk and the chunks it imports that the entry does not already load, and their CSS. */
export function screenAssets(manifest: Manifest, sources: string[]): { scripts: string[]; styles: string[] } {
  const loadedByEntry = new Set<string>();
  const markEntry = (key: string) => {
    if (loadedByEntry.has(key)) return;
    loadedByEntry.add(key);
    for (const imported of manifest[key]?.imports ?? []) markEntry(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) markEntry(key);

  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || loadedByEntry.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { scripts, styles };
}

/** The `<link>` tags for a page's hints, given the web build's manifest (null: none for scripts). */
export function renderPreloadHints(hints: PageHints, manifest: Manifest | null, options: { applyStyles?: boolean } = {}): string[] {
  const tags: string[] = [];
  if (manifest) {
    // The entry asks for the first translations only once it has run (main.tsx): one round trip saved on every page.
    const texts = hints.screen ? SCREEN_TEXTS[hints.screen] : null;
    const sources = [
      firstOfLanguage(hints.language),
      ...(hints.screen ? [SCREEN_SOURCES[hints.screen]] : []),
      ...(texts ? [texts(hints.language)] : []),
    ];
    const { scripts, styles } = screenAssets(manifest, sources);
    // crossorigin as Vite's own preload helper asks for them, or the browser would fetch them twice.
    for (const href of scripts) tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
    // A server-rendered page shows the screen's markup before its code runs: its styles must apply
    // from the first paint (a preload would leave the markup unstyled until the chunk loads, and
    // then shift everything). Vite's loader finds the stylesheet already there and adds no other.
    const rel = options.applyStyles ? 'rel="stylesheet"' : 'rel="preload" as="style"';
    for (const href of styles) tags.push(`<link ${rel} crossorigin href="${escapeHtml(href)}" />`);
  }
  // Last: the image is drawn only once the screen has run and its API call answered.
  if (hints.image) {
    const type = hints.image.type ? ` type="${escapeHtml(hints.image.type)}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(hints.image.href)}"${type} fetchpriority="high" />`);
  }
  return tags;
}

export interface ManifestSource {
  read(): Promise<Manifest | null>;
}

/** Vite's `.vite/manifest.json` of the served build, re-read only when it changes; null when absent or unreadable. */
export function createManifestSource(file: string): ManifestSource {
  let cached: { mtimeMs: number; manifest: Manifest | null } | undefined;
  return {
    async read() {
      let mtimeMs: number;
      try {
        ({ mtimeMs } = await stat(file));
      } catch {
        return null;
      }
      if (cached?.mtimeMs !== mtimeMs) {
        let manifest: Manifest | null;
        try {
          manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
        } catch {
          manifest = null;
        }
        cached = { mtimeMs, manifest };
      }
      return cached.manifest;
    },
  };
}
