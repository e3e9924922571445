import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type HtmlEncoding = 'br' | 'gzip';

/**
 * The encoding to send, from the request's Accept-Encoding; null: send it as it is. Brotli whenever
 * the browser accepts it (whatever its q), else gzip: the browser's weights only say which it refuses (q=0).
 */
export function chooseEncoding(acceptEncoding: string | undefined): HtmlEncoding | null {
  if (!acceptEncoding) return null;
  const offered = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encodings().map((name) => name.toLowerCase());
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
  const kept = new LRUCache<string, Buffer>({ max: limits.maxEntries, maxSize: limits.maxBytes });
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
    kept.set(key, bytes, { size: bytes.length + key.length * 2 });
    return bytes;
  };
}
