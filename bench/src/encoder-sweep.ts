import sharp from 'sharp';
import { decodeGrey, ssim } from './ssim.js';

/**
 * Encodes a few source pages at several settings and scores each against the pristine drawing, so
 * the pipeline's settings can be chosen where size and quality targets meet (image-pipeline.ts
 * keeps the chosen ones). One page at a time, so the CPU time per page is the encoder's own.
 */

export interface SweepSetting {
  label: string;
  encode: (input: Buffer) => Promise<Buffer>;
}

export const SWEEP_SETTINGS: SweepSetting[] = [
  ...[50, 60, 70].map((quality) => ({
    label: `AVIF q${quality} effort 0 4:2:0`,
    encode: (input: Buffer) => sharp(input).avif({ quality, effort: 0, chromaSubsampling: '4:2:0' }).toBuffer(),
  })),
  { label: 'AVIF q70 effort 0 4:4:4', encode: (input: Buffer) => sharp(input).avif({ quality: 70, effort: 0 }).toBuffer() },
  ...[75, 85].map((quality) => ({
    label: `WebP q${quality} effort 2`,
    encode: (input: Buffer) => sharp(input).webp({ quality, effort: 2 }).toBuffer(),
  })),
  {
    label: 'JPEG q82 (mozjpeg)',
    encode: (input: Buffer) => sharp(input).jpeg({ quality: 82, progressive: true, optimiseCoding: true }).toBuffer(),
  },
];

export interface SweepRow {
  label: string;
  /** Encoded bytes as a share of the source JPEG bytes. */
  share: number;
  ssimVsPristine: number;
  cpuMsPerPage: number;
}

export async function sweepEncoders(pages: { source: Buffer; pristine: Buffer }[]): Promise<SweepRow[]> {
  const references = await Promise.all(pages.map((page) => decodeGrey(page.pristine)));
  const sourceBytes = pages.reduce((sum, page) => sum + page.source.length, 0);
  const rows: SweepRow[] = [];
  for (const setting of SWEEP_SETTINGS) {
    let bytes = 0;
    let score = 0;
    let cpu = 0;
    for (const [index, page] of pages.entries()) {
      const before = process.cpuUsage();
      const encoded = await setting.encode(page.source);
      const used = process.cpuUsage(before);
      cpu += (used.user + used.system) / 1000;
      bytes += encoded.length;
      score += ssim(references[index]!, await decodeGrey(encoded));
    }
    rows.push({ label: setting.label, share: bytes / sourceBytes, ssimVsPristine: score / pages.length, cpuMsPerPage: cpu / pages.length });
  }
  return rows;
}
