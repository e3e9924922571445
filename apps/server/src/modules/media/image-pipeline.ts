import { randomUUID } from 'node:crypto';
import { open as openFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * The image pipeline every page and cover goes through (imports and the demo catalogue alike):
 * decode, auto-orient, strip metadata, cap the width, slice very tall webtoon strips, and encode
 * the fallback (the source's own kind: JPEG, or PNG when it has transparency) plus AVIF and WebP
 * variants (AVIF unless the caller asks for none, EncodeOptions), and the data saver's narrower, more compressed WebP. WebP is kept only when smaller than the fallback, AVIF only when smaller than both
 * (browsers pick AVIF first), so no browser is ever served more bytes than another form would take. Settings were chosen by `npm run bench` (docs/PERFORMANCE.md).
 */

export const PAGE_MAX_WIDTH = 1600;
/**
 * The data saver's variant: at most this wide (a phone's screen at twice its pixels is 780 px) and
 * more compressed. WebP, which every browser that runs the app shows; the page's fallback stays in
 * `<img>` for any that does not.
 */
export const LITE_MAX_WIDTH = 800;
const LITE_QUALITY = 50;
/** Taller slices decode slowly and hit browsers' texture limits; strips are cut into parts this tall at most. */
export const SLICE_MAX_HEIGHT = 4000;
/** Refuse decompression bombs: 100 megapixels is a 1,600 × 62,500 strip. */
const MAX_INPUT_PIXELS = 100_000_000;
export const COVER_WIDTHS = [240, 480, 720] as const;

/** How many images to process at once: every core busy, one more to cover I/O waits. */
export const PIPELINE_CONCURRENCY = availableParallelism() + 1;

export type ImageExtension = 'jpg' | 'png' | 'webp' | 'avif';

export interface EncodedImage {
  bytes: Buffer;
  extension: ImageExtension;
  contentType: string;
}

export interface ProcessedPage {
  width: number;
  height: number;
  /** What every browser can show. */
  fallback: EncodedImage;
  /** Smaller modern variants; null when the encoder could not beat the fallback. */
  avif: EncodedImage | null;
  webp: EncodedImage | null;
  /** The data saver's lighter variant (LITE_MAX_WIDTH, WebP); null when it was no lighter than every other form. */
  lite: EncodedImage | null;
}

export interface ProcessedCover {
  width: number;
  height: number;
  image: EncodedImage;
}

/** The file is not an image sharp can decode (or is too big to be one); `name` says which. */
export class ImageDecodeError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ImageDecodeError';
  }
}

const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const CONTENT_TYPES: Record<ImageExtension, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };
const encoded = (bytes: Buffer, extension: ImageExtension): EncodedImage => ({ bytes, extension, contentType: CONTENT_TYPES[extension] });

const open = (bytes: Buffer) =>
  sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false, sequentialRead: true });

/**
 * Decoded pixels in flight across all pages at once, in source pixels. A page waits until its
 * share is free (a page larger than the whole budget runs alone), so several huge strips in one
 * archive are processed one after another instead of all at once.
 */
export const PIXEL_BUDGET = 40_000_000;
let pixelsInFlight = 0;
const pixelWaiters: (() => void)[] = [];

async function withPixelBudget<T>(pixels: number, run: () => Promise<T>): Promise<T> {
  const share = Math.min(pixels, PIXEL_BUDGET);
  while (pixelsInFlight > 0 && pixelsInFlight + share > PIXEL_BUDGET) await new Promise<void>((resolve) => pixelWaiters.push(resolve));
  pixelsInFlight += share;
  try {
    return await run();
  } finally {
    pixelsInFlight -= share;
    // Wake everyone: each checks again whether its share now fits.
    pixelWaiters.splice(0).forEach((wake) => wake());
  }
}

/** Reads the header only: format, oriented size, alpha. */
async function inspect(bytes: Buffer) {
  let meta: Metadata;
  try {
    meta = await open(bytes).metadata();
  } catch (error) {
    throw new ImageDecodeError(`not a readable image (${firstLine(error)})`);
  }
  if (!meta.format || !DECODABLE.has(meta.format)) throw new ImageDecodeError(`unsupported image format ${meta.format ?? 'unknown'}`);
  if (!meta.width || !meta.height) throw new ImageDecodeError('the image has no size');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageDecodeError(`the image is too large (${meta.width}×${meta.height})`);
  // EXIF orientations 5–8 turn the image a quarter: width and height swap once it is upright.
  const swapped = (meta.orientation ?? 1) >= 5;
  return {
    width: swapped ? meta.height : meta.width,
    height: swapped ? meta.width : meta.height,
    hasAlpha: meta.hasAlpha === true,
  };
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);

/** What to encode beyond the fallback, WebP and data-saver forms. */
export interface EncodeOptions {
  /**
   * false skips the AVIF encoder, the costliest of the four (about 60 of a drawn 800 × 1400 page's
   * 150 ms of encoding, at effort 0): for art on which it never beats WebP, such as the demo's flat
   * colours (kept on 0 of its 2,633 pages), it would be encoded only to be thrown away. Default true.
   */
  avif?: boolean;
  /**
   * One encoder after another instead of all at once: the slices of a strip, whose AVIF encoder
   * alone takes about 150 MB at 1600 × 4000.
   */
  oneAtATime?: boolean;
}

/**
 * Encodes one upright, resized slice in every form (the fallback, AVIF, WebP and the data saver's
 * lighter WebP), at once unless `oneAtATime` (libvips runs them on its thread pool).
 */
async function encodeSlice(
  slice: () => Sharp,
  size: { width: number; height: number },
  alpha: boolean,
  options: EncodeOptions = {},
): Promise<Omit<ProcessedPage, 'width' | 'height'>> {
  const encoders = [
    () =>
      alpha
        ? slice().png({ compressionLevel: 6, adaptiveFiltering: true }).toBuffer()
        : slice().jpeg({ quality: 82, progressive: true, optimiseCoding: true }).toBuffer(),
    // Qualities where each variant matches the source JPEG's SSIM (encoder sweep in docs/PERFORMANCE.md).
    // 4:2:0 like JPEG and WebP: half the encoding time of sharp's 4:4:4 default, and smaller.
    () =>
      options.avif === false ? Promise.resolve(null) : slice().avif({ quality: 70, effort: 0, chromaSubsampling: '4:2:0' }).toBuffer(),
    () => slice().webp({ quality: 85, effort: 2, alphaQuality: 90 }).toBuffer(),
    () =>
      (size.width > LITE_MAX_WIDTH ? slice().resize({ width: LITE_MAX_WIDTH }) : slice())
        .webp({ quality: LITE_QUALITY, effort: 2, alphaQuality: 60 })
        .toBuffer(),
  ];
  const [fallbackBytes, avifBytes, webpBytes, liteBytes] = options.oneAtATime
    ? await encoders.reduce<Promise<(Buffer | null)[]>>(async (done, encode) => [...(await done), await encode()], Promise.resolve([]))
    : await Promise.all(encoders.map((encode) => encode()));
  if (!fallbackBytes || (!avifBytes && options.avif !== false) || !webpBytes || !liteBytes) throw new Error('an encoder gave no output');
  const fallback = encoded(fallbackBytes, alpha ? 'png' : 'jpg');
  const webp = webpBytes.length < fallbackBytes.length ? encoded(webpBytes, 'webp') : null;
  // Browsers take the first source they support, AVIF before WebP: AVIF must beat both to be worth offering.
  const avif =
    avifBytes && avifBytes.length < Math.min(fallbackBytes.length, webp?.bytes.length ?? Infinity) ? encoded(avifBytes, 'avif') : null;
  const lightest = Math.min(fallbackBytes.length, webp?.bytes.length ?? Infinity, avif?.bytes.length ?? Infinity);
  const lite = liteBytes.length < lightest ? encoded(liteBytes, 'webp') : null;
  return { fallback, avif, webp, lite };
}

/** Decoded 8-bit sRGB pixels, upright, row after row (an image the server drew itself). */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  /** 4 when there is an alpha channel (the fallback is then PNG). */
  channels: 3 | 4;
}

/**
 * Encodes pixels that are already decoded, upright and page-sized (at most PAGE_MAX_WIDTH wide and
 * SLICE_MAX_HEIGHT tall, so one slice) as processPage encodes a source of that size, without
 * the round trip through an encoded file that processPage would have to decode again.
 */
export async function processPixels(pixels: RawPixels, options: Pick<EncodeOptions, 'avif'> = {}): Promise<ProcessedPage> {
  const { width, height, channels } = pixels;
  if (width > PAGE_MAX_WIDTH || height > SLICE_MAX_HEIGHT || pixels.data.length !== width * height * channels) {
    throw new RangeError(`processPixels takes one page-sized slice of ${width}×${height}×${channels} bytes`);
  }
  const raw = { raw: { width, height, channels } } as const;
  return withPixelBudget(width * height, async () => ({
    width,
    height,
    ...(await encodeSlice(() => sharp(pixels.data, raw), pixels, channels === 4, options)),
  }));
}

/**
 * Processes one page image into one or more slices (top to bottom). Throws ImageDecodeError
 * when the bytes are not a decodable image.
 */
export async function processPage(bytes: Buffer): Promise<ProcessedPage[]> {
  const source = await inspect(bytes);
  const width = Math.min(source.width, PAGE_MAX_WIDTH);
  const height = Math.max(1, Math.round((source.height * width) / source.width));
  try {
    return await withPixelBudget(source.width * source.height, () =>
      height <= SLICE_MAX_HEIGHT
        ? processWhole(bytes, width, height, source.hasAlpha)
        : processStrip(bytes, width, height, source.hasAlpha),
    );
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    throw new ImageDecodeError(`the image could not be decoded (${firstLine(error)})`);
  }
}

/** An ordinary page: decoded, turned upright and resized once in memory (at most 1600 × 4000 pixels). */
async function processWhole(bytes: Buffer, width: number, height: number, hasAlpha: boolean): Promise<ProcessedPage[]> {
  const { data, info } = await open(bytes)
    .rotate()
    .resize({ width, height, fit: 'fill' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const alpha = hasAlpha && info.channels === 4;
  return [{ width: info.width, height: info.height, ...(await encodeSlice(() => sharp(data, raw), info, alpha)) }];
}

/**
 * A tall webtoon strip, cut into slices of at most SLICE_MAX_HEIGHT rows. Decoding it whole into
 * memory would take 300 MB for a 1600 × 62,500 strip (and three encoders reading it at once, more):
 * instead libvips streams the upright, resized image row by row into a temporary file in its own
 * format (a 64-byte header, then the pixels row after row), and each slice's rows are read back
 * from that file with a plain positioned read and encoded on their own. Memory holds one slice at
 * a time whatever the strip's height, and the file is never memory-mapped.
 */
async function processStrip(bytes: Buffer, width: number, height: number, hasAlpha: boolean): Promise<ProcessedPage[]> {
  const file = path.join(tmpdir(), `inkstream-strip-${randomUUID()}.v`);
  try {
    const info = await open(bytes).rotate().resize({ width, height, fit: 'fill' }).toColourspace('srgb').toFile(file);
    const alpha = hasAlpha && info.channels === 4;
    const sliceCount = Math.ceil(info.height / SLICE_MAX_HEIGHT);
    const sliceHeight = Math.ceil(info.height / sliceCount);
    const handle = await openFile(file, 'r');
    try {
      await checkVipsHeader(handle, info);
      const rowBytes = info.width * info.channels;
      // One buffer serves every slice (each is encoded before the next is read). A new 19 MB buffer
      // per slice left freeing to the garbage collector, which on a busy machine let a whole strip's
      // slices pile up: 300 MB more at peak.
      const sliceBuffer = Buffer.alloc(sliceHeight * rowBytes);
      const pages: ProcessedPage[] = [];
      for (let index = 0; index < sliceCount; index += 1) {
        const top = index * sliceHeight;
        const rows = Math.min(sliceHeight, info.height - top);
        const pixels = sliceBuffer.subarray(0, rows * rowBytes);
        const { bytesRead } = await handle.read(pixels, 0, pixels.length, VIPS_HEADER_BYTES + top * rowBytes);
        if (bytesRead !== pixels.length) throw new Error('the decoded strip is shorter than its header says');
        const raw = { raw: { width: info.width, height: rows, channels: info.channels } } as const;
        pages.push({
          width: info.width,
          height: rows,
          ...(await encodeSlice(() => sharp(pixels, raw), { width: info.width, height: rows }, alpha, { oneAtATime: true })),
        });
      }
      return pages;
    } finally {
      await handle.close();
    }
  } finally {
    await rm(file, { force: true });
  }
}

/** libvips' own file format: a 64-byte little-endian header (magic, width, height, bands, …), then the pixels. */
const VIPS_HEADER_BYTES = 64;
const VIPS_MAGIC_LE = 0x08f2a6b6;

async function checkVipsHeader(handle: import('node:fs/promises').FileHandle, info: { width: number; height: number; channels: number }) {
  const header = Buffer.alloc(VIPS_HEADER_BYTES);
  await handle.read(header, 0, VIPS_HEADER_BYTES, 0);
  const [magic, width, height, bands, , bandFormat, coding] = [0, 4, 8, 12, 16, 20, 24].map((offset) => header.readUInt32LE(offset));
  // 8-bit unsigned samples (format 0), not coded (0): exactly width × height × bands bytes follow.
  if (
    magic !== VIPS_MAGIC_LE ||
    width !== info.width ||
    height !== info.height ||
    bands !== info.channels ||
    bandFormat !== 0 ||
    coding !== 0
  ) {
    throw new Error('unexpected layout of the decoded strip');
  }
}

/**
 * The data saver's variant of a page already stored (the lighter-variant backfill): made from the
 * page's stored fallback as an import makes it from the source, and kept only when lighter than
 * `lightestBytes` (the smallest form the page has); null otherwise. Throws ImageDecodeError when
 * the stored bytes are not an image.
 */
export async function processLitePage(bytes: Buffer, lightestBytes: number): Promise<EncodedImage | null> {
  const source = await inspect(bytes);
  try {
    const lite = await withPixelBudget(source.width * source.height, () =>
      open(bytes)
        .rotate()
        .resize({ width: Math.min(source.width, LITE_MAX_WIDTH) })
        .webp({ quality: LITE_QUALITY, effort: 2, alphaQuality: 60 })
        .toBuffer(),
    );
    return lite.length < lightestBytes ? encoded(lite, 'webp') : null;
  } catch (error) {
    throw new ImageDecodeError(`the image could not be decoded (${firstLine(error)})`);
  }
}

/** A cover in the sizes `srcset` offers (never wider than the source), as WebP. */
export async function processCover(bytes: Buffer): Promise<ProcessedCover[]> {
  const source = await inspect(bytes);
  const widths: number[] = COVER_WIDTHS.filter((w) => w < source.width);
  if (widths.length < COVER_WIDTHS.length) widths.push(Math.min(source.width, COVER_WIDTHS.at(-1)!));
  try {
    return await Promise.all(
      [...new Set(widths)].map(async (width) => {
        const { data, info } = await open(bytes)
          .rotate()
          .resize({ width })
          .webp({ quality: 78, effort: 3 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, image: encoded(data, 'webp') };
      }),
    );
  } catch (error) {
    throw new ImageDecodeError(`the cover could not be decoded (${firstLine(error)})`);
  }
}
