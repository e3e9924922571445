import sharp, { type Metadata } from 'sharp';
import { ImageDecodeError, processCover, type ProcessedCover } from '../media/image-pipeline.js';

/** The same decompression-bomb limit as the page pipeline. */
const MAX_INPUT_PIXELS = 100_000_000;
/** Taller than this many widths is a strip (a webtoon page), not a cover. */
const STRIP_RATIO = 2;
/** A cover cut from the top of a strip is this many widths tall (2:3, the shape of the cover slots). */
const CUT_RATIO = 1.5;
/** Wider than any cover size: the cut is made smaller before it is encoded again. */
const CUT_MAX_WIDTH = 1440;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/**
 * An uploaded cover in the sizes of the cover pipeline. A tall strip becomes the cover cut from its
 * top instead of a cover thousands of pixels tall (which WebP could not even encode).
 */
export async function prepareUploadedCover(bytes: Buffer): Promise<ProcessedCover[]> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    throw new ImageDecodeError(`not a readable image (${message(error)})`);
  }
  if (!meta.width || !meta.height) throw new ImageDecodeError('the image has no size');
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  if (height <= width * STRIP_RATIO) return processCover(bytes);
  let cut: Buffer;
  try {
    cut = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .extract({ left: 0, top: 0, width, height: Math.round(width * CUT_RATIO) })
      .resize({ width: Math.min(width, CUT_MAX_WIDTH) })
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (error) {
    throw new ImageDecodeError(`the cover could not be decoded (${message(error)})`);
  }
  return processCover(cut);
}
