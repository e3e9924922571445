import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-archive.js';
import { describeError, ImportError } from './import-errors.js';
import { isJunkPath, type SourceFile } from './import-source.js';

export interface FileTree {
  files: SourceFile[];
  folders: Set<string>;
}

/**
 * Lists a folder of images (one subfolder per chapter) with the same limits as an archive.
 * Symbolic links are not followed, so an import reads only what is inside the folder.
 */
export async function readFolder(root: string, warnings: string[], limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<FileTree> {
  const files: SourceFile[] = [];
  const folders = new Set<string>();
  let total = 0;

  async function walk(relative: string): Promise<void> {
    const absolute = path.join(root, ...relative.split('/').filter(Boolean));
    let children;
    try {
      children = await readdir(absolute, { withFileTypes: true });
    } catch (error) {
      throw new ImportError(`cannot read the folder "${relative || root}" (${describeError(error)})`);
    }
    for (const child of children) {
      const childPath = relative ? `${relative}/${child.name}` : child.name;
      if (isJunkPath(childPath)) continue;
      if (child.isSymbolicLink()) {
        warnings.push(`skipped "${childPath}": symbolic links are not followed`);
      } else if (child.isDirectory()) {
        folders.add(childPath);
        await walk(childPath);
      } else if (child.isFile()) {
        const filePath = path.join(absolute, child.name);
        const { size } = await lstat(filePath);
        total += size;
        if (total > limits.maxTotalBytes)
          throw new ImportError(`"${root}" holds more than ${limits.maxTotalBytes} bytes; split it into several imports`);
        if (files.length >= limits.maxEntries) throw new ImportError(`"${root}" holds more than ${limits.maxEntries} files`);
        files.push({ path: childPath, size, read: () => readLimited(filePath, childPath, limits.maxEntryBytes) });
      }
    }
  }

  await walk('');
  return { files, folders };
}

async function readLimited(filePath: string, shownPath: string, maxBytes: number): Promise<Buffer> {
  const { size } = await lstat(filePath);
  if (size > maxBytes) throw new ImportError(`"${shownPath}" is ${size} bytes; at most ${maxBytes} per file`);
  try {
    return await readFile(filePath);
  } catch (error) {
    throw new ImportError(`cannot read "${shownPath}" (${describeError(error)})`);
  }
}
