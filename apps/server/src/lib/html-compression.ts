import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createLruCache } from './lru-cache.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type HtmlEncoding = 'br' | 'gzip';

/** The encoding to send, from the request's Accept-Encoding (brotli first); null: send it as it is. */
export function chooseEncoding(acceptEncoding: string | undefined): HtmlEncoding | null {
  if (!acceptEncoding) return null;
  const offered = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(quality))
    .map(([name]) => name);
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses the pages the server sends (a rendered book list is about 37 KB of HTML, 8 KB
 * compressed: on a slow phone connection that is several round trips of TCP slow start saved
 * before the first paint). Static files are compressed at build time; pages are assembled per
 * request, so the compressed bytes are kept by the page's content: the same page for the next
 * visitor costs a hash, not a compression.
 */
export function createHtmlCompressor(limits = { maxEntries: 1000, maxBytes: 16 * 1024 * 1024 }) {
  const kept = createLruCache<Buffer>(limits);
  return async function compress(html: string, encoding: HtmlEncoding): Promise<Buffer> {
    const key = `${encoding}:${createHash('sha1').update(html).digest('base64url')}`;
    const hit = kept.get(key);
    if (hit) return hit;
    const bytes =
      encoding === 'br'
        ? await brotli(html, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
          })
        : await gzipAsync(html, { level: 6 });
    kept.set(key, bytes, bytes.length + key.length * 2);
    return bytes;
  };
}
