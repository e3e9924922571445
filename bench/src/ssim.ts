import sharp from 'sharp';

/**
 * Structural similarity (SSIM, Wang et al. 2004) on greyscale pixels: the mean over 8 × 8 windows
 * taken every 4 pixels, with the usual constants for 8-bit images. 1 means identical; values
 * above about 0.95 are hard to tell apart at reading distance. Small and dependency-free, so the
 * benchmark can say how much quality a smaller encoding costs.
 */

export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const WINDOW = 8;
const STEP = 4;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/** Decodes any image sharp reads (JPEG, PNG, WebP, AVIF) to 8-bit luminance. */
export async function decodeGrey(bytes: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

export function ssim(a: GreyImage, b: GreyImage): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`SSIM needs equal sizes: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  const count = WINDOW * WINDOW;
  let total = 0;
  let windows = 0;
  for (let top = 0; top + WINDOW <= a.height; top += STEP) {
    for (let left = 0; left + WINDOW <= a.width; left += STEP) {
      let sumA = 0;
      let sumB = 0;
      let sumAA = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let y = top; y < top + WINDOW; y += 1) {
        const row = y * a.width;
        for (let x = left; x < left + WINDOW; x += 1) {
          const pa = a.pixels[row + x]!;
          const pb = b.pixels[row + x]!;
          sumA += pa;
          sumB += pb;
          sumAA += pa * pa;
          sumBB += pb * pb;
          sumAB += pa * pb;
        }
      }
      const meanA = sumA / count;
      const meanB = sumB / count;
      const varA = sumAA / count - meanA * meanA;
      const varB = sumBB / count - meanB * meanB;
      const cov = sumAB / count - meanA * meanB;
      total += ((2 * meanA * meanB + C1) * (2 * cov + C2)) / ((meanA * meanA + meanB * meanB + C1) * (varA + varB + C2));
      windows += 1;
    }
  }
  return windows === 0 ? 1 : total / windows;
}
