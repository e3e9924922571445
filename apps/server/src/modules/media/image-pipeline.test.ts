import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from '../../lib/concurrency.js';
import { ImageDecodeError, PAGE_MAX_WIDTH, processCover, processPage, processPixels, SLICE_MAX_HEIGHT } from './image-pipeline.js';

/** A page with detail (gradients, shapes, text) so encoders behave as on real art. */
const art = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4d03f"/><stop offset="1" stop-color="#16a085"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      Array.from(
        { length: 12 },
        (_, i) =>
          `<circle cx="${(i * 97) % width}" cy="${(i * 311) % height}" r="${40 + i * 5}" fill="#${(i * 1234567).toString(16).slice(0, 6).padEnd(6, '3')}"/>`,
      ).join('') +
      `<text x="40" y="120" font-size="64" font-family="sans-serif">Chapter 7</text></svg>`,
  );

const jpeg = (width: number, height: number, options: { orientation?: number } = {}) => {
  const image = sharp(art(width, height)).jpeg({ quality: 90 });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
};

describe('processPage', () => {
  it('keeps a normal page in one slice with a JPEG fallback and smaller variants', async () => {
    const source = await jpeg(800, 2400);
    const [page, ...rest] = await processPage(source);
    expect(rest).toHaveLength(0);
    expect(page).toMatchObject({ width: 800, height: 2400 });
    expect(page!.fallback.extension).toBe('jpg');
    expect((await sharp(page!.fallback.bytes).metadata()).format).toBe('jpeg');
    expect((await sharp(page!.webp!.bytes).metadata()).format).toBe('webp');
    expect(page!.webp!.bytes.length).toBeLessThan(page!.fallback.bytes.length);
    if (page!.avif) {
      expect((await sharp(page!.avif.bytes).metadata()).format).toBe('heif');
      expect(page!.avif.bytes.length).toBeLessThan(page!.webp!.bytes.length);
    }
  });

  it('makes the data saver’s variant: WebP at most 800 px wide (the page’s shape), lighter than every other form', async () => {
    for (const [width, height] of [
      [1600, 2400],
      [600, 900],
    ] as const) {
      const [page] = await processPage(await jpeg(width, height));
      const lite = page!.lite!;
      const meta = await sharp(lite.bytes).metadata();
      expect(meta.format).toBe('webp');
      // The spec's phone-sized width, whatever the code's constant says: 800 px at most, never enlarged.
      expect(meta.width).toBe(Math.min(width, 800));
      expect(meta.height).toBe(Math.round((height * meta.width!) / width));
      const others = [page!.fallback, page!.webp, page!.avif].filter((image) => image !== null).map((image) => image.bytes.length);
      expect(lite.bytes.length).toBeLessThan(Math.min(...others));
      if (width === 1600) expect(lite.bytes.length).toBeLessThan(page!.webp!.bytes.length / 2);
    }
  });

  it('turns pages upright by their EXIF orientation and strips the metadata', async () => {
    // Stored sideways (600 wide, 400 high) with orientation 6: upright it is 400 × 600.
    const source = await jpeg(600, 400, { orientation: 6 });
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const [page] = await processPage(source);
    expect(page).toMatchObject({ width: 400, height: 600 });
    for (const image of [page!.fallback, page!.avif, page!.webp].filter((i) => i !== null)) {
      const meta = await sharp(image.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect([meta.width, meta.height]).toEqual([400, 600]);
    }
  });

  it('caps the width and keeps the aspect ratio', async () => {
    const [page] = await processPage(await jpeg(3200, 1800));
    expect(page).toMatchObject({ width: PAGE_MAX_WIDTH, height: 900 });
  });

  it('slices a very tall webtoon strip into parts a browser paints well, top to bottom', async () => {
    const source = await sharp(art(800, 10_000)).png().toBuffer();
    const slices = await processPage(source);
    expect(slices.length).toBe(Math.ceil(10_000 / SLICE_MAX_HEIGHT));
    expect(slices.every((s) => s.width === 800 && s.height <= SLICE_MAX_HEIGHT)).toBe(true);
    expect(slices.reduce((sum, s) => sum + s.height, 0)).toBe(10_000);
  });

  it('keeps transparency: a PNG with alpha falls back to PNG', async () => {
    const source = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const [page] = await processPage(source);
    expect(page!.fallback.extension).toBe('png');
    expect((await sharp(page!.fallback.bytes).metadata()).hasAlpha).toBe(true);
  });

  it('never offers a variant bigger than what a browser would otherwise get', async () => {
    // Pure noise compresses badly in every format; whatever is kept must still be smaller.
    const noise = Buffer.alloc(256 * 256 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2_654_435_761) >>> 24;
    const source = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
      .jpeg({ quality: 60 })
      .toBuffer();
    const [page] = await processPage(source);
    for (const variant of [page!.avif, page!.webp]) {
      if (variant) expect(variant.bytes.length).toBeLessThan(page!.fallback.bytes.length);
    }
    if (page!.avif && page!.webp) expect(page!.avif.bytes.length).toBeLessThan(page!.webp.bytes.length);
  });

  it.each([
    ['text', Buffer.from('not an image at all')],
    ['a truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46])],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with an ImageDecodeError', async (_name, bytes) => {
    await expect(processPage(bytes)).rejects.toBeInstanceOf(ImageDecodeError);
  });

  it('refuses a JPEG cut in half (decodes the header, fails on the pixels)', async () => {
    const whole = await jpeg(800, 1200);
    await expect(processPage(whole.subarray(0, Math.floor(whole.length / 2)))).rejects.toBeInstanceOf(ImageDecodeError);
  });

  it('processes pages concurrently with the same results as one by one', async () => {
    const sources = await Promise.all([jpeg(800, 1200), jpeg(640, 960), jpeg(500, 700)]);
    const together = await mapWithConcurrency(sources, 3, processPage);
    const alone: Awaited<ReturnType<typeof processPage>>[] = [];
    for (const source of sources) alone.push(await processPage(source));
    expect(together.map((p) => p[0]!.fallback.bytes.length)).toEqual(alone.map((p) => p[0]!.fallback.bytes.length));
  });
});

describe('processPixels', () => {
  it('encodes drawn pixels as processPage encodes the same image from a lossless file, AVIF only when asked', async () => {
    const { data, info } = await sharp(art(800, 1400)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixels = { data, width: info.width, height: info.height, channels: 3 } as const;
    const [fromFile] = await processPage(await sharp(data, { raw: pixels }).png({ compressionLevel: 0 }).toBuffer());
    const withAvif = await processPixels(pixels);
    const withoutAvif = await processPixels(pixels, { avif: false });
    for (const page of [withAvif, withoutAvif]) {
      expect(page).toMatchObject({ width: 800, height: 1400 });
      expect(page.fallback.bytes.equals(fromFile!.fallback.bytes)).toBe(true);
      expect(page.webp?.bytes.equals(fromFile!.webp!.bytes)).toBe(true);
      expect(page.lite?.bytes.equals(fromFile!.lite!.bytes)).toBe(true);
    }
    expect(withAvif.avif?.bytes.length).toBe(fromFile!.avif?.bytes.length);
    expect(withoutAvif.avif).toBeNull();
  });

  it('takes one page-sized slice only', async () => {
    const tall = { data: Buffer.alloc(10 * (SLICE_MAX_HEIGHT + 1) * 3), width: 10, height: SLICE_MAX_HEIGHT + 1, channels: 3 } as const;
    await expect(processPixels(tall)).rejects.toBeInstanceOf(RangeError);
    await expect(processPixels({ data: Buffer.alloc(5), width: 10, height: 10, channels: 3 })).rejects.toBeInstanceOf(RangeError);
  });
});

describe('processCover', () => {
  it('makes the srcset sizes, never wider than the source', async () => {
    const sizes = await processCover(await jpeg(600, 800));
    expect(sizes.map((s) => s.width).sort((a, b) => a - b)).toEqual([240, 480, 600]);
    expect(sizes.every((s) => s.image.extension === 'webp')).toBe(true);
    expect(sizes.find((s) => s.width === 240)!.height).toBe(320);
  });
});

describe('mapWithConcurrency', () => {
  it('keeps order, limits calls in flight and stops after a failure', async () => {
    let inFlight = 0;
    let peak = 0;
    const result = await mapWithConcurrency([5, 1, 3, 2, 4], 2, async (n) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, n));
      inFlight -= 1;
      return n * 10;
    });
    expect(result).toEqual([50, 10, 30, 20, 40]);
    expect(peak).toBe(2);
    const started: number[] = [];
    await expect(
      mapWithConcurrency([1, 2, 3, 4, 5], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('boom');
        return n;
      }),
    ).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });
});
