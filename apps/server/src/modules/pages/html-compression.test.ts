import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, createHtmlCompressor } from './html-compression.js';

describe('HTML compression', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    // Brotli whenever it is accepted at all, whatever the weights; a wildcard names neither (as before negotiator).
    expect(chooseEncoding('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(chooseEncoding('*')).toBeNull();
  });

  it('compresses to bytes that decode to the page, and keeps them for the same page', async () => {
    const compress = createHtmlCompressor();
    const html = `<!doctype html><html><body>${'<p>Chapter “一” ✓</p>'.repeat(500)}</body></html>`;
    const br = await compress(html, 'br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(html);
    expect(br.length).toBeLessThan(html.length / 10);
    expect(gunzipSync(await compress(html, 'gzip')).toString('utf8')).toBe(html);
    expect(await compress(html, 'br')).toBe(br);
    expect(await compress(`${html} `, 'br')).not.toBe(br);
  });
});
