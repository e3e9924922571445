import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import os from 'node:os';
import { drawComicPage, PAGE_HEIGHT, PAGE_WIDTH, SOURCE_JPEG_QUALITY } from './comic-pages.js';
import { sweepEncoders, type SweepRow } from './encoder-sweep.js';
import { createRandom } from './random.js';
import { decodeGrey, ssim, type GreyImage } from './ssim.js';

/**
 * The import benchmark: draws realistic 800 × 2,400 comic pages, saves them as JPEG (quality 90)
 * in a folder of chapters, imports that folder with the real admin command (`admin.js import`,
 * a child process on a fresh SQLite data folder) and reads back what was stored: pages per
 * second, bytes in and out per format, and the SSIM of each served variant on a sample of pages.
 */

export const IMPORT_SECTION_TITLE = '## Import benchmark';
export const PAGES_PER_SECOND_TARGET = 8;
export const SERVED_SHARE_TARGET = 0.6;
/** Variants whose SSIM against the pristine drawing is at most this far below the source's count as "equal quality". */
export const EQUAL_QUALITY_SSIM_MARGIN = 0.01;

export interface ImportBenchOptions {
  pages: number;
  /** Pages per chapter folder. */
  chapterPages: number;
  /** How many pages (evenly spread) the SSIM is measured on. */
  ssimSample: number;
  workDir: string;
  adminEntry: string;
}

interface Similarity {
  /** Against the JPEG the importer was given. */
  vsSource: number;
  /** Against the drawing before any lossy step. */
  vsPristine: number;
}

export interface ImportBenchResult {
  date: Date;
  pages: number;
  chapters: number;
  storedPages: number;
  drawSeconds: number;
  wallSeconds: number;
  /** The import's own rate (first page to last chapter saved), as its summary prints it. */
  importPagesPerSecond: number;
  sourceBytes: number;
  stored: { fallback: number; avif: number; webp: number; avifPages: number; webpPages: number };
  /** What a modern browser downloads: AVIF where kept, else WebP, else the fallback. */
  servedBytes: number;
  ssim: {
    sample: number;
    sourceVsPristine: number;
    fallback: Similarity;
    avif: Similarity | null;
    webp: Similarity | null;
    /** What a browser that supports both gets: AVIF when kept, else WebP, else the fallback. */
    served: Similarity;
  };
  /** CPU seconds the import process used per page: what the rate would be on idle cores does not depend on neighbours. */
  cpuSecondsPerPage: number | null;
  /** Cores kept busy by other programs during the import; above about 0.2 the rate is understated. */
  foreignCores: number | null;
  sweep: SweepRow[];
}

function readTicks(file: string, pick: (fields: string[]) => number): number | null {
  try {
    return pick(readFileSync(file, 'utf8').split('\n')[0]!.trim().split(/\s+/));
  } catch {
    return null;
  }
}
const machineTicks = () =>
  readTicks('/proc/stat', (f) =>
    f
      .slice(1, 9)
      .map(Number)
      .reduce((a, b) => a + b, 0),
  );
const machineIdleTicks = () => readTicks('/proc/stat', (f) => Number(f[4]) + Number(f[5]));
/** utime + stime of a process (after the command name, which may hold spaces); null once it is gone. */
function processTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Samples the child's CPU ticks while it runs (the last sample before it exits counts) and the whole machine's. */
function meterChild(pid: number) {
  const start = { total: machineTicks(), idle: machineIdleTicks() };
  let childTicks = 0;
  const timer = setInterval(() => (childTicks = processTicks(pid) ?? childTicks), 100);
  return {
    stop(wallSeconds: number) {
      clearInterval(timer);
      const total = machineTicks();
      const idle = machineIdleTicks();
      if (start.total === null || start.idle === null || total === null || idle === null || total === start.total) {
        return { cpuSeconds: null, foreignCores: null };
      }
      const cores = os.availableParallelism();
      const ticks = total - start.total;
      const busyCores = ((ticks - (idle - start.idle)) / ticks) * cores;
      const childCores = (childTicks / ticks) * cores;
      return { cpuSeconds: childCores * wallSeconds, foreignCores: Math.max(0, busyCores - childCores) };
    },
  };
}

interface ImportRun {
  code: number;
  out: string;
  err: string;
  wallSeconds: number;
  cpuSeconds: number | null;
  foreignCores: number | null;
}

function runImport(adminEntry: string, folder: string, dataDir: string): Promise<ImportRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  // The embedded default, whatever the shell says.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  delete env.STORAGE;
  const started = performance.now();
  const child = spawn(process.execPath, [adminEntry, 'import', folder, '--title', 'en-us=Import benchmark'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const meter = meterChild(child.pid!);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => {
      const wallSeconds = (performance.now() - started) / 1000;
      const cpu = meter.stop(wallSeconds);
      child.once('close', (code) =>
        resolve({ code: code ?? 1, out, err, wallSeconds, cpuSeconds: cpu.cpuSeconds, foreignCores: cpu.foreignCores }),
      );
    });
  });
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export async function runImportBench(options: ImportBenchOptions): Promise<ImportBenchResult> {
  rmSync(options.workDir, { recursive: true, force: true });
  const folder = path.join(options.workDir, 'source');
  const dataDir = path.join(options.workDir, 'data');
  const random = createRandom(2026);
  const sampleEvery = Math.max(1, Math.floor(options.pages / Math.max(1, options.ssimSample)));
  const pristine = new Map<number, Buffer>();
  const sources: Buffer[] = [];
  const drawStarted = performance.now();
  for (let index = 0; index < options.pages; index += 1) {
    const page = await drawComicPage(random, index);
    const chapter = Math.floor(index / options.chapterPages) + 1;
    const file = path.join(folder, `Chapter ${chapter}`, `${(index % options.chapterPages) + 1}.jpg`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, page.source);
    sources.push(page.source);
    if (index % sampleEvery === 0 && pristine.size < options.ssimSample) pristine.set(index, page.pristine);
  }
  const drawSeconds = (performance.now() - drawStarted) / 1000;

  const result = await runImport(options.adminEntry, folder, dataDir);
  if (result.code !== 0) throw new Error(`the import exited with ${result.code}:\n${result.out}\n${result.err}`.slice(-4000));
  const rate = /Pages: \d+ processed in .* \(([\d.]+) pages\/s\)/.exec(result.out);
  if (!rate) throw new Error(`the import summary has no page rate:\n${result.out}`);

  const db = new SQLite(path.join(dataDir, 'inkstream.sqlite'), { readonly: true, fileMustExist: true });
  const rows = db
    .prepare(
      `SELECT p.media_key, p.avif_key, p.webp_key FROM chapter_pages p JOIN chapters c ON c.id = p.chapter_id ORDER BY c.number, p.position`,
    )
    .all() as { media_key: string; avif_key: string | null; webp_key: string | null }[];
  const chapters = (db.prepare('SELECT COUNT(*) AS n FROM chapters').get() as { n: number }).n;
  db.close();
  if (rows.length !== options.pages)
    throw new Error(`expected ${options.pages} stored pages (no slicing at ${PAGE_HEIGHT} px), found ${rows.length}`);
  const media = (key: string) => path.join(dataDir, 'media', ...key.split('/'));
  const size = (key: string | null) => (key ? statSync(media(key)).size : 0);
  const stored = { fallback: 0, avif: 0, webp: 0, avifPages: 0, webpPages: 0 };
  let servedBytes = 0;
  for (const row of rows) {
    stored.fallback += size(row.media_key);
    stored.avif += size(row.avif_key);
    stored.webp += size(row.webp_key);
    stored.avifPages += row.avif_key ? 1 : 0;
    stored.webpPages += row.webp_key ? 1 : 0;
    servedBytes += size(row.avif_key ?? row.webp_key ?? row.media_key);
  }

  const scores = {
    sourceVsPristine: [] as number[],
    fallback: [] as Similarity[],
    avif: [] as Similarity[],
    webp: [] as Similarity[],
    served: [] as Similarity[],
  };
  for (const [index, drawing] of pristine) {
    const row = rows[index]!;
    const reference = await decodeGrey(drawing);
    const source = await decodeGrey(sources[index]!);
    const compare = (image: GreyImage): Similarity => ({ vsSource: ssim(source, image), vsPristine: ssim(reference, image) });
    scores.sourceVsPristine.push(ssim(reference, source));
    scores.fallback.push(compare(await decodeGrey(readFileSync(media(row.media_key)))));
    if (row.avif_key) scores.avif.push(compare(await decodeGrey(readFileSync(media(row.avif_key)))));
    if (row.webp_key) scores.webp.push(compare(await decodeGrey(readFileSync(media(row.webp_key)))));
    scores.served.push(compare(await decodeGrey(readFileSync(media(row.avif_key ?? row.webp_key ?? row.media_key)))));
  }
  const average = (list: Similarity[]): Similarity | null =>
    list.length === 0 ? null : { vsSource: mean(list.map((s) => s.vsSource)), vsPristine: mean(list.map((s) => s.vsPristine)) };

  return {
    date: new Date(),
    pages: options.pages,
    chapters,
    storedPages: rows.length,
    drawSeconds,
    wallSeconds: result.wallSeconds,
    importPagesPerSecond: Number(rate[1]),
    sourceBytes: sources.reduce((sum, bytes) => sum + bytes.length, 0),
    stored,
    servedBytes,
    ssim: {
      sample: pristine.size,
      sourceVsPristine: mean(scores.sourceVsPristine),
      fallback: average(scores.fallback)!,
      avif: average(scores.avif),
      webp: average(scores.webp),
      served: average(scores.served)!,
    },
    cpuSecondsPerPage: result.cpuSeconds === null ? null : result.cpuSeconds / options.pages,
    foreignCores: result.foreignCores,
    sweep: await sweepEncoders(
      [...pristine.entries()].slice(0, 4).map(([index, drawing]) => ({ source: sources[index]!, pristine: drawing })),
    ),
  };
}

export const PAGE_SIZE_LABEL = `${PAGE_WIDTH} × ${PAGE_HEIGHT.toLocaleString('en-US')}`;
export const SOURCE_LABEL = `JPEG quality ${SOURCE_JPEG_QUALITY}`;
