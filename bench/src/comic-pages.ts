import sharp from 'sharp';
import type { Random } from './random.js';

/**
 * Draws realistic comic pages for the import benchmark: panels with gradient skies, flat-shaded
 * shapes, outlined figures, speech bubbles with text and a sound effect, and one panel of
 * photo-like grain (a painted or photographed background), the mix that makes real pages hard
 * for an encoder. The pristine render is kept beside the JPEG "source" an operator would import.
 */

export const PAGE_WIDTH = 800;
export const PAGE_HEIGHT = 2400;
/** What scanners and comic tools typically export. */
export const SOURCE_JPEG_QUALITY = 90;

export interface DrawnPage {
  /** The render before any lossy step (PNG). */
  pristine: Buffer;
  /** The JPEG (quality 90) given to the importer. */
  source: Buffer;
}

const WORDS = ['the', 'harbour', 'light', 'is', 'out', 'again', 'we', 'have', 'to', 'go', 'now', 'before', 'storm', 'breaks', 'hold', 'on'];

const hsl = (random: Random, saturation: number, lightness: number) => `hsl(${random.int(0, 359)}, ${saturation}%, ${lightness}%)`;

function sentence(random: Random, words: number): string {
  return Array.from({ length: words }, () => random.pick(WORDS)).join(' ');
}

function panelSvg(random: Random, id: string, x: number, y: number, width: number, height: number): string {
  const parts: string[] = [
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(random, 60, 70)}"/><stop offset="1" stop-color="${hsl(random, 50, 35)}"/></linearGradient></defs>`,
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="url(#${id})"/>`,
  ];
  // Buildings or hills, then figures: flat fills with ink outlines.
  for (let i = 0; i < random.int(3, 7); i += 1) {
    const w = random.int(60, 200);
    const h = random.int(height / 5, height * 0.7);
    parts.push(
      `<rect x="${x + random.int(0, width - w)}" y="${y + height - h}" width="${w}" height="${h}" fill="${hsl(random, 30, random.int(20, 60))}" stroke="#111" stroke-width="3"/>`,
    );
  }
  for (let i = 0; i < random.int(1, 3); i += 1) {
    const cx = x + random.int(80, width - 80);
    const cy = y + random.int(height / 3, height - 60);
    const r = random.int(25, 55);
    parts.push(
      `<ellipse cx="${cx}" cy="${cy + r * 2}" rx="${r}" ry="${r * 1.6}" fill="${hsl(random, 55, 45)}" stroke="#111" stroke-width="4"/>`,
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f1c9a5" stroke="#111" stroke-width="4"/>`,
      `<path d="M${cx - r / 2} ${cy + r / 3} q${r / 2} ${r / 3} ${r} 0" stroke="#111" stroke-width="3" fill="none"/>`,
    );
  }
  // A speech bubble with two lines of lettering.
  const bx = x + random.int(20, Math.max(21, width - 340));
  const by = y + random.int(20, Math.max(21, height / 3));
  parts.push(
    `<ellipse cx="${bx + 160}" cy="${by + 45}" rx="165" ry="55" fill="#fff" stroke="#111" stroke-width="3"/>`,
    `<text x="${bx + 40}" y="${by + 40}" font-family="sans-serif" font-size="22" fill="#111">${sentence(random, 3)}</text>`,
    `<text x="${bx + 40}" y="${by + 68}" font-family="sans-serif" font-size="22" fill="#111">${sentence(random, 3)}</text>`,
  );
  if (random.next() < 0.4) {
    parts.push(
      `<text x="${x + random.int(20, width - 300)}" y="${y + random.int(80, height - 20)}" font-family="sans-serif" font-weight="bold" font-size="72" fill="${hsl(random, 90, 55)}" stroke="#111" stroke-width="3">BOOM</text>`,
    );
  }
  parts.push(`<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="none" stroke="#111" stroke-width="6"/>`);
  return parts.join('');
}

export async function drawComicPage(random: Random, index: number): Promise<DrawnPage> {
  const margin = 30;
  const gutter = 24;
  const panels = random.int(4, 6);
  const usable = PAGE_HEIGHT - 2 * margin - gutter * (panels - 1);
  const weights = Array.from({ length: panels }, () => random.int(2, 5));
  const total = weights.reduce((a, b) => a + b, 0);
  const parts: string[] = [];
  const regions: { y: number; height: number }[] = [];
  let y = margin;
  for (const [i, weight] of weights.entries()) {
    const height = i === panels - 1 ? PAGE_HEIGHT - margin - y : Math.round((usable * weight) / total);
    parts.push(panelSvg(random, `g${index}-${i}`, margin, y, PAGE_WIDTH - 2 * margin, height));
    regions.push({ y, height });
    y += height + gutter;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}"><rect width="100%" height="100%" fill="#fbf8f1"/>${parts.join('')}</svg>`;
  // Grain over one panel: a painted or photographed background.
  const grainPanel = regions[random.int(0, regions.length - 1)]!;
  const grain = await sharp({
    create: {
      width: PAGE_WIDTH - 2 * margin,
      height: grainPanel.height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .png()
    .toBuffer();
  const pristine = await sharp(Buffer.from(svg))
    .composite([{ input: grain, top: grainPanel.y, left: margin, blend: 'soft-light' }])
    .png()
    .toBuffer();
  const source = await sharp(pristine).jpeg({ quality: SOURCE_JPEG_QUALITY }).toBuffer();
  return { pristine, source };
}
