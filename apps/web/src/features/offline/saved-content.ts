import type { ChapterContent, PageImage } from '@inkstream/contracts';
import { offlinePageUrl } from './offline-storage-names';

/**
 * The one image of a page that is saved: the WebP variant the reader would show (every browser
 * with a service worker shows WebP; AVIF would save a little more but some of them cannot decode
 * it), else the universal fallback. With the data saver the chapter's answer already names the
 * lighter variant.
 */
export const savedImageUrl = (page: PageImage): string => page.sources?.find((source) => source.type === 'image/webp')?.url ?? page.url;

/** The pages a chapter's offline copy stores: a comic's pages; a novel keeps its text only (the reader shows no illustration). */
export const pagesToSave = (content: ChapterContent): PageImage[] => (content.book_type === 'comic' ? content.pages : []);

/**
 * The chapter as the offline copy keeps it: each page pointing at its saved image (no other source,
 * no signed address), the rest as the server answered (the novel's text among it).
 */
export function offlineContent(content: ChapterContent): ChapterContent {
  const pages = pagesToSave(content).map((page, index) => ({
    url: offlinePageUrl(content.chapter_uuid, index),
    width: page.width,
    height: page.height,
    ...(page.spread ? { spread: page.spread } : {}),
  }));
  return { ...content, pages, images: pages.map((page) => page.url) };
}

/** The stored size of a novel's text, in bytes (UTF-8). */
export const textBytes = (content: ChapterContent): number => (content.text ? new TextEncoder().encode(content.text).length : 0);
