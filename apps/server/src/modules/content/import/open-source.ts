import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseComicInfo } from './comic-info.js';
import { planComicBook } from './comic-plan.js';
import { readEpub } from './epub-source.js';
import { readFolder, type FileTree } from './folder-source.js';
import { describeError, ImportError } from './import-errors.js';
import { emptyMetadata, extensionOf, type ImportSource } from './import-source.js';
import { DEFAULT_ZIP_LIMITS, looksLikeZip, openZip, type ZipLimits } from './zip-archive.js';

/**
 * Opens what the operator named: a folder of images, a CBZ/ZIP of images, or an EPUB (recognised
 * by its `mimetype` entry or its container.xml, whatever the file is called).
 */
export async function openImportSource(inputPath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ImportSource> {
  const name = path.basename(path.resolve(inputPath));
  let info;
  try {
    info = await stat(inputPath);
  } catch (error) {
    throw new ImportError(`cannot open "${inputPath}" (${describeError(error)})`, 'usage');
  }
  if (info.isDirectory()) {
    const warnings: string[] = [];
    const tree = await readFolder(inputPath, warnings, limits);
    return planComicSource('folder', name, tree, warnings, async () => undefined);
  }
  if (!info.isFile()) throw new ImportError(`"${inputPath}" is neither a file nor a folder`, 'usage');
  if (!looksLikeZip(await readHead(inputPath))) {
    throw new ImportError(`"${name}" is not an archive: expected a CBZ/ZIP of images, an EPUB or a folder of images`);
  }
  const archive = await openZip(inputPath, name, limits);
  const mimetype = archive.find('mimetype');
  const isEpub =
    archive.find('META-INF/container.xml') !== undefined ||
    extensionOf(name) === 'epub' ||
    (mimetype !== undefined && mimetype.size < 100 && (await mimetype.read()).toString('latin1').trim() === 'application/epub+zip');
  if (isEpub) return readEpub(archive, name);
  try {
    return await planComicSource('cbz', name, archive, [], () => archive.close());
  } catch (error) {
    await archive.close();
    throw error;
  }
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function planComicSource(
  kind: 'cbz' | 'folder',
  name: string,
  tree: FileTree,
  warnings: string[],
  close: () => Promise<void>,
): Promise<ImportSource> {
  const plan = planComicBook(tree, name.replace(/\.(cbz|zip)$/i, ''), warnings);
  if (plan.chapters.length === 0) throw new ImportError(`"${name}" holds no images to import`);
  let metadata = emptyMetadata();
  let chapterTitle: string | null = null;
  if (plan.comicInfo) {
    const info = parseComicInfo((await plan.comicInfo.read()).toString('utf8'), warnings);
    ({ chapterTitle, ...metadata } = info);
  }
  const chapters = plan.chapters.length === 1 ? [{ ...plan.chapters[0]!, title: chapterTitle }] : plan.chapters;
  return { kind, name, bookType: 'comic', metadata, cover: plan.cover, chapters, warnings, close };
}
