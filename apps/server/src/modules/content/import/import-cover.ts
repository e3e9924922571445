import { readFile } from 'node:fs/promises';
import type { MediaStorage } from '../../media/media-storage.js';
import { processCover } from '../../media/image-pipeline.js';
import { storeCover } from '../../media/page-store.js';
import { describeError } from './import-errors.js';
import type { ImportSource, SourceFile } from './import-source.js';

/** The cover: --cover, else the source's own cover image, else the first page that decodes. */
export async function prepareCover(
  storage: MediaStorage,
  bookUuid: string,
  coverPath: string | null,
  source: ImportSource,
  /** The first page of each chapter to import, in order. */
  firstPages: SourceFile[],
  warnings: string[],
) {
  const candidates: { name: string; read: () => Promise<Buffer> }[] = [];
  if (coverPath) candidates.push({ name: coverPath, read: () => readFile(coverPath) });
  if (source.cover) candidates.push({ name: source.cover.path, read: () => source.cover!.read() });
  for (const first of firstPages.slice(0, 3)) candidates.push({ name: first.path, read: () => first.read() });
  for (const candidate of candidates) {
    try {
      return await storeCover(storage, bookUuid, await processCover(await candidate.read()));
    } catch (error) {
      warnings.push(`the cover "${candidate.name}" could not be used (${describeError(error)})`);
    }
  }
  if (candidates.length === 0) warnings.push('the book has no cover: the source has no image to make one from');
  return null;
}
