import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { NewPageInput } from '../catalogue/catalogue-write.repository.js';
import { processCover, processPixels, type RawPixels } from '../media/image-pipeline.js';
import { storeCover as storeCoverSizes, storePage } from '../media/page-store.js';
import type { MediaStorage } from '../media/media-storage.js';

/**
 * Draws the demo catalogue's covers and page strips from SVG, so a fresh install needs no
 * downloads. Everything is derived from seeded random numbers, so the same seed draws the same art.
 */

/** The largest font size up to `fontSize` at which a line fits `maxWidth` (DejaVu Sans: about 0.6 em a character; librsvg ignores textLength). */
function fittingFontSize(text: string, fontSize: number, maxWidth: number): number {
  return Math.min(fontSize, Math.floor(maxWidth / (text.length * 0.6)));
}

/** A stored page: fallback and variant keys with its size (the language is added by the caller). */
export type StoredImage = Omit<NewPageInput, 'language'>;

export interface StoredCover {
  cover_key: string;
  cover_variants: { width: number; key: string }[];
}

export type Random = () => number;

/** mulberry32 seeded from a string: small, fast and the same on every platform. */
export function createSeededRandom(seed: string): Random {
  let state = createHash('sha1').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

export interface Palette {
  dark: string;
  mid: string;
  light: string;
  accent: string;
  paper: string;
}

export function createPalette(random: Random): Palette {
  const hue = between(random, 0, 359);
  const accentHue = (hue + between(random, 120, 240)) % 360;
  return {
    dark: `hsl(${hue}, 45%, 16%)`,
    mid: `hsl(${hue}, 55%, 42%)`,
    light: `hsl(${(hue + 25) % 360}, 70%, 72%)`,
    accent: `hsl(${accentHue}, 80%, 58%)`,
    paper: `hsl(${hue}, 30%, 94%)`,
  };
}

const FONT = `font-family="DejaVu Sans, sans-serif"`;
// Dark outline behind the letters keeps them readable on any background colour.
const OUTLINED = `stroke="#000" stroke-opacity="0.55" stroke-width="6" paint-order="stroke" stroke-linejoin="round"`;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Greedy word wrap by an average glyph width; DejaVu Sans Bold is about 0.62 em per character. */
function wrapText(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const perLine = Math.max(4, Math.floor(maxWidth / (fontSize * 0.62)));
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

function textBlock(lines: string[], x: number, y: number, fontSize: number, extra = ''): string {
  const spans = lines.map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : fontSize * 1.15}">${escapeXml(line)}</tspan>`);
  return `<text x="${x}" y="${y}" ${FONT} font-size="${fontSize}" font-weight="bold" text-anchor="middle" ${extra}>${spans.join('')}</text>`;
}

function speedLines(random: Random, cx: number, cy: number, length: number, colour: string, count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2 + random() * 0.1;
    const inner = length * (0.25 + random() * 0.2);
    const [x1, y1] = [cx + Math.cos(angle) * inner, cy + Math.sin(angle) * inner];
    const [x2, y2] = [cx + Math.cos(angle) * length, cy + Math.sin(angle) * length];
    lines.push(`M${x1.toFixed(0)} ${y1.toFixed(0)}L${x2.toFixed(0)} ${y2.toFixed(0)}`);
  }
  return `<path d="${lines.join('')}" stroke="${colour}" stroke-opacity="0.35" stroke-width="${between(random, 2, 6)}"/>`;
}

/**
 * Soft filled circles rather than stroked rings: the seed draws hundreds of these strips, and stroked
 * rings cost about a fifth of each strip's time (measured), in drawing and in encoding their edges.
 */
function halo(random: Random, cx: number, cy: number, colour: string): string {
  const step = between(random, 50, 90);
  return Array.from({ length: between(random, 2, 4) }, (_, i) => {
    return `<circle cx="${cx}" cy="${cy}" r="${260 + i * step}" fill="${colour}" fill-opacity="0.1"/>`;
  }).join('');
}

function mountains(random: Random, x: number, y: number, width: number, height: number, colour: string): string {
  const points = [`${x},${y + height}`];
  const peaks = between(random, 3, 6);
  for (let i = 0; i <= peaks; i++) {
    const px = x + (width * i) / peaks;
    const py = y + height * (i % 2 === 0 ? 0.55 + random() * 0.3 : 0.1 + random() * 0.35);
    points.push(`${px.toFixed(0)},${py.toFixed(0)}`);
  }
  points.push(`${x + width},${y + height}`);
  return `<polygon points="${points.join(' ')}" fill="${colour}" fill-opacity="0.85"/>`;
}

function gradient(id: string, from: string, to: string, vertical: boolean): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** One panel of a comic page: a gradient sky with a moon, ridges, action lines or a speech bubble. */
function panel(random: Random, palette: Palette, id: string, x: number, y: number, w: number, h: number): string {
  const [from, to] = random() < 0.5 ? [palette.dark, palette.mid] : [palette.light, palette.accent];
  const parts = [`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>`];
  const radius = between(random, 30, Math.max(40, Math.min(w, h) / 3));
  parts.push(`<circle cx="${x + random() * w}" cy="${y + random() * h * 0.6}" r="${radius}" fill="${palette.paper}" fill-opacity="0.8"/>`);
  if (random() < 0.6) parts.push(mountains(random, x, y + h * 0.45, w, h * 0.55, palette.dark));
  if (random() < 0.5) parts.push(speedLines(random, x + w / 2, y + h / 2, Math.max(w, h), palette.paper, between(random, 24, 48)));
  if (random() < 0.4) {
    const [bx, by] = [x + w * (0.2 + random() * 0.5), y + h * 0.25];
    parts.push(`<ellipse cx="${bx}" cy="${by}" rx="${w * 0.18}" ry="${h * 0.09}" fill="#fff" stroke="#000" stroke-width="4"/>`);
    parts.push(`<text x="${bx}" y="${by + 12}" ${FONT} font-size="36" font-weight="bold" text-anchor="middle">…!</text>`);
  }
  return [
    `<defs>${gradient(id, from, to, random() < 0.5)}<clipPath id="${id}c"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath></defs>`,
    `<g clip-path="url(#${id}c)">${parts.join('')}</g>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#111" stroke-width="6"/>`,
  ].join('');
}

/**
 * Where a seed's images go: the storage, and optionally a record of the images already stored
 * there, by key prefix and a hash of their drawn pixels. With the record, an image whose pixels
 * equal one it holds is taken from it instead of being encoded and stored again. For the
 * determinism test, which seeds the whole catalogue a second time: what that seed must show is that
 * every image is drawn the same, and the encoders are pure functions of the pixels.
 */
export interface ImageTarget {
  storage: MediaStorage;
  stored?: StoredImageRecord;
}

export interface StoredImageRecord {
  byPixels: Map<string, unknown>;
  /** Images taken from the record instead of encoded. */
  reused: number;
  /** The ids (prefix, size, pixel hash) of the images that were not in the record, in order: a failed determinism check names them. */
  misses: string[];
}

export const createStoredImageRecord = (): StoredImageRecord => ({ byPixels: new Map(), reused: 0, misses: [] });

/** `make()`'s result, or the recorded one for the same prefix and pixels. */
async function storedOnce<T>(target: ImageTarget, prefix: string, pixels: RawPixels, make: () => Promise<T>): Promise<T> {
  const record = target.stored;
  if (!record) return make();
  const hash = createHash('sha256').update(pixels.data).digest('hex');
  const id = `${prefix}${pixels.width}x${pixels.height}x${pixels.channels}/${hash}`;
  if (record.byPixels.has(id)) {
    record.reused += 1;
    return record.byPixels.get(id) as T;
  }
  record.misses.push(id);
  const made = await make();
  record.byPixels.set(id, made);
  return made;
}

/** SVG to pixels; the art is opaque, so the alpha channel goes. */
async function render(svg: string): Promise<RawPixels> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`the drawn image has ${info.channels} channels, not 3`);
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * A drawn page through the image pipeline imports use, its pixels handed over as they are (no
 * encoded file to decode again). No AVIF: on this flat-colour art it never beats WebP (0 of the
 * demo's 2,633 pages kept it) and was a third of the seed's time.
 */
async function store(target: ImageTarget, prefix: string, svg: string, language: string): Promise<StoredImage[]> {
  const pixels = await render(svg);
  return storedOnce(target, prefix, pixels, async () => {
    const { language: _language, ...page } = await storePage(
      target.storage,
      prefix,
      language,
      await processPixels(pixels, { avif: false }),
    );
    return [page];
  });
}

const svgOpen = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;

export interface CoverInput {
  bookUuid: string;
  title: string;
  /** e.g. "xuanhuan fantasy · classical wuxia". */
  caption: string;
  badge: string;
  seed: string;
}

export async function storeCover(target: ImageTarget, input: CoverInput): Promise<StoredCover> {
  const [width, height] = [600, 800];
  const random = createSeededRandom(`${input.seed}/cover`);
  const palette = createPalette(createSeededRandom(input.seed));
  const fontSize = input.title.length > 22 ? 46 : 56;
  const lines = wrapText(input.title.toUpperCase(), fontSize, width - 80, 3);
  const titleY = height - 90 - (lines.length - 1) * fontSize * 1.15;
  const rings = Array.from({ length: between(random, 2, 5) }, (_, i) => {
    return `<circle cx="${between(random, 100, 500)}" cy="${between(random, 150, 420)}" r="${60 + i * 45}" fill="none" stroke="${palette.light}" stroke-opacity="0.5" stroke-width="${between(random, 3, 12)}"/>`;
  });
  const svg = [
    svgOpen(width, height),
    `<defs>${gradient('bg', palette.mid, palette.dark, random() < 0.5)}</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    speedLines(random, between(random, 150, 450), between(random, 200, 400), 700, palette.light, between(random, 30, 60)),
    `<circle cx="${between(random, 150, 450)}" cy="${between(random, 180, 380)}" r="${between(random, 90, 170)}" fill="${palette.accent}" fill-opacity="0.85"/>`,
    ...rings,
    mountains(random, 0, height * 0.5, width, height * 0.3, palette.dark),
    `<rect y="${titleY - fontSize * 1.3}" width="${width}" height="${height}" fill="#000" fill-opacity="0.45"/>`,
    textBlock(lines, width / 2, titleY, fontSize, `fill="#fff" ${OUTLINED}`),
    `<text x="${width / 2}" y="${height - 40}" ${FONT} font-size="${fittingFontSize(input.caption, 22, width - 48)}" fill="${palette.light}" text-anchor="middle">${escapeXml(input.caption)}</text>`,
    `<text x="28" y="52" ${FONT} font-size="24" font-weight="bold" fill="#fff" letter-spacing="4">INKSTREAM</text>`,
    `<rect x="${width - 150}" y="24" width="126" height="40" rx="20" fill="${palette.accent}"/>`,
    `<text x="${width - 87}" y="52" ${FONT} font-size="20" font-weight="bold" fill="#111" text-anchor="middle">${escapeXml(input.badge)}</text>`,
    '</svg>',
  ].join('');
  // Covers are resized to several widths, which processCover does from an encoded source.
  const pixels = await render(svg);
  return storedOnce(target, `covers/${input.bookUuid}/`, pixels, async () => {
    const { width, height, channels } = pixels;
    const png = await sharp(pixels.data, { raw: { width, height, channels } }).png({ compressionLevel: 0 }).toBuffer();
    return storeCoverSizes(target.storage, input.bookUuid, await processCover(png));
  });
}

export interface ArtStripInput {
  bookUuid: string;
  language: string;
  index: number;
  seed: string;
}

/** A tall comic page of two to four panel rows, shared by many chapters of one book. */
export async function storeArtStrip(target: ImageTarget, input: ArtStripInput): Promise<StoredImage[]> {
  return store(target, `pages/${input.bookUuid}/shared/${input.language}/${input.index}-`, artStripSvg(input), input.language);
}

function artStripSvg(input: ArtStripInput): string {
  const random = createSeededRandom(`${input.seed}/art/${input.index}`);
  const palette = createPalette(createSeededRandom(input.seed));
  const [width, height] = [800, between(random, 8, 12) * 200];
  const [margin, gutter] = [28, 24];
  const rows = between(random, 2, 4);
  const rowHeight = (height - margin * 2 - gutter * (rows - 1)) / rows;
  const panels: string[] = [];
  for (let row = 0; row < rows; row++) {
    const y = margin + row * (rowHeight + gutter);
    const inner = width - margin * 2;
    if (random() < 0.5) {
      panels.push(panel(random, palette, `p${row}`, margin, y, inner, rowHeight));
      continue;
    }
    const split = Math.round(inner * (0.35 + random() * 0.3));
    panels.push(panel(random, palette, `p${row}a`, margin, y, split - gutter / 2, rowHeight));
    panels.push(panel(random, palette, `p${row}b`, margin + split + gutter / 2, y, inner - split - gutter / 2, rowHeight));
  }
  return `${svgOpen(width, height)}<rect width="${width}" height="${height}" fill="${palette.paper}"/>${panels.join('')}</svg>`;
}

export interface TitleStripInput {
  bookUuid: string;
  chapterUuid: string;
  language: string;
  bookTitle: string;
  chapterNumber: number;
  chapterName: string;
  seed: string;
}

/** The opening page of a chapter: drawn for that chapter alone, so every chapter looks different. */
export async function storeTitleStrip(target: ImageTarget, input: TitleStripInput): Promise<StoredImage[]> {
  return store(target, `pages/${input.bookUuid}/${input.chapterUuid}/${input.language}/0-`, titleStripSvg(input), input.language);
}

function titleStripSvg(input: TitleStripInput): string {
  const random = createSeededRandom(`${input.seed}/chapter/${input.chapterNumber}`);
  const palette = createPalette(createSeededRandom(input.seed));
  const [width, height] = [800, between(random, 12, 16) * 100];
  const bookLines = wrapText(input.bookTitle, 46, width - 120, 2);
  const nameLines = wrapText(input.chapterName, 40, width - 140, 2);
  const centre = height * (0.4 + random() * 0.1);
  const label = `Chapter ${input.chapterNumber}`;
  // Sized so "Chapter 120" still fits the 800 px strip with its outline.
  const labelSize = Math.min(120, Math.floor(700 / (label.length * 0.62)));
  // A hue of its own, so neighbouring chapters look different at a glance, not only by their text.
  const disc = `hsl(${between(random, 0, 359)}, 70%, 58%)`;
  const svg = [
    svgOpen(width, height),
    `<defs>${gradient('bg', palette.dark, palette.mid, true)}</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    halo(random, width / 2, centre, palette.light),
    `<circle cx="${width / 2}" cy="${centre}" r="${between(random, 180, 260)}" fill="${disc}" fill-opacity="0.85"/>`,
    mountains(random, 0, height * 0.72, width, height * 0.28, palette.dark),
    `<text x="${width / 2}" y="90" ${FONT} font-size="24" fill="${palette.light}" text-anchor="middle" letter-spacing="6">INKSTREAM</text>`,
    textBlock(bookLines, width / 2, 190, 46, `fill="#fff" ${OUTLINED}`),
    `<text x="${width / 2}" y="${centre + 40}" ${FONT} font-size="${labelSize}" font-weight="bold" fill="#fff" text-anchor="middle" ${OUTLINED}>${label}</text>`,
    textBlock(nameLines, width / 2, centre + 150, 40, `fill="${palette.paper}" ${OUTLINED}`),
    `<text x="${width / 2}" y="${height - 60}" ${FONT} font-size="28" fill="#fff" text-anchor="middle">Scroll down to read ↓</text>`,
    '</svg>',
  ].join('');
  return svg;
}

/** Two or three distinct shared strips for a chapter, in a per-chapter order. */
export function pickArtStrips<T>(seed: string, chapterNumber: number, pool: readonly T[]): T[] {
  const random = createSeededRandom(`${seed}/pick/${chapterNumber}`);
  const shuffled = pool.map((item) => ({ item, order: random() })).sort((a, b) => a.order - b.order);
  return shuffled.slice(0, Math.min(pool.length, between(random, 2, 3))).map((entry) => entry.item);
}
