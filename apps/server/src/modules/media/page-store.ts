import { contentHash, type MediaStorage } from './media-storage.js';
import type { EncodedImage, ProcessedCover, ProcessedPage } from './image-pipeline.js';

/** Content-hashed key under `prefix`: the same bytes always land on the same key (idempotent, cacheable forever). */
export async function storeImage(storage: MediaStorage, prefix: string, image: EncodedImage): Promise<string> {
  const key = `${prefix}${contentHash(image.bytes)}.${image.extension}`;
  if (!(await storage.exists(key))) await storage.put(key, image.bytes, image.contentType);
  return key;
}

/** A stored page's keys and size, as the catalogue's writer takes a new page (insertChapter). */
export interface StoredPage {
  language: string;
  media_key: string;
  avif_key: string | null;
  webp_key: string | null;
  lite_key: string | null;
  width: number;
  height: number;
}

/**
 * Stores a processed page's fallback and variants under `prefix`
 * (`pages/<book uuid>/<chapter uuid>/<language>/`), ready for insertChapter.
 */
export async function storePage(storage: MediaStorage, prefix: string, language: string, page: ProcessedPage): Promise<StoredPage> {
  const [media_key, avif_key, webp_key, lite_key] = await Promise.all([
    storeImage(storage, prefix, page.fallback),
    page.avif ? storeImage(storage, prefix, page.avif) : null,
    page.webp ? storeImage(storage, prefix, page.webp) : null,
    page.lite ? storeImage(storage, prefix, page.lite) : null,
  ]);
  return { language, media_key, avif_key, webp_key, lite_key, width: page.width, height: page.height };
}

/** Stores every cover size under `covers/<book uuid>/`; the main key is the middle size (the API's cover_image). */
export async function storeCover(storage: MediaStorage, bookUuid: string, sizes: ProcessedCover[]) {
  const variants = await Promise.all(
    sizes.map(async (size) => ({ width: size.width, key: await storeImage(storage, `covers/${bookUuid}/`, size.image) })),
  );
  variants.sort((a, b) => a.width - b.width);
  const main = variants.find((v) => v.width >= 480) ?? variants.at(-1)!;
  return { cover_key: main.key, cover_variants: variants };
}
