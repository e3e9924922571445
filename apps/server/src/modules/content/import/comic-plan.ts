import { comparePaths, compareNatural } from './natural-sort.js';
import { baseName, dirName, isImagePath, isJunkPath, type PlannedChapter, type SourceFile } from './import-source.js';
import type { FileTree } from './folder-source.js';

export interface ComicPlan {
  chapters: PlannedChapter[];
  cover: SourceFile | null;
  comicInfo: SourceFile | null;
}

const isAncestor = (folder: string, of: string) => folder === '' || of.startsWith(`${folder}/`);
const byName = (a: SourceFile, b: SourceFile) => compareNatural(baseName(a.path), baseName(b.path));

/**
 * Turns a tree of files (an archive or a folder) into chapters: every folder that holds images is
 * a chapter, in natural order of its path (`Vol 2/Ch 9` before `Vol 2/Ch 10`); a folder without
 * subfolders and without images is an empty chapter (an error the operator must see). Images that
 * sit in a folder above chapter folders are not a chapter: the first (or one named "cover") is the
 * book's cover. Other files are skipped with a warning.
 */
export function planComicBook(tree: FileTree, sourceName: string, warnings: string[]): ComicPlan {
  const imagesByFolder = new Map<string, SourceFile[]>();
  const otherByFolder = new Map<string, string[]>();
  let comicInfo: SourceFile | null = null;
  for (const file of tree.files) {
    if (isJunkPath(file.path)) continue;
    const folder = dirName(file.path);
    if (isImagePath(file.path)) {
      imagesByFolder.set(folder, [...(imagesByFolder.get(folder) ?? []), file]);
    } else if (baseName(file.path).toLowerCase() === 'comicinfo.xml') {
      // The shallowest one describes the whole book; per-chapter copies add nothing we keep.
      if (!comicInfo || file.path.split('/').length < comicInfo.path.split('/').length) comicInfo = file;
    } else {
      otherByFolder.set(folder, [...(otherByFolder.get(folder) ?? []), file.path]);
      warnings.push(`skipped "${file.path}": not an image`);
    }
  }

  const imageFolders = [...imagesByFolder.keys()];
  const holdsChapters = (folder: string) => imageFolders.some((other) => other !== folder && isAncestor(folder, other));
  const folders = [...tree.folders].filter((folder) => !isJunkPath(folder));
  const isLeaf = (folder: string) => !folders.some((other) => other !== folder && isAncestor(folder, other));

  let cover: SourceFile | null = null;
  const chapterFolders: string[] = [];
  for (const folder of imageFolders) {
    if (!holdsChapters(folder)) {
      chapterFolders.push(folder);
      continue;
    }
    const loose = imagesByFolder.get(folder)!.sort(byName);
    const chosen = loose.find((file) => /^cover\b/i.test(baseName(file.path))) ?? loose[0]!;
    const isCover = cover === null;
    if (isCover) cover = chosen;
    for (const file of loose) {
      if (!isCover || file !== chosen) warnings.push(`skipped "${file.path}": an image beside chapter folders`);
    }
  }
  for (const folder of folders) {
    if (!imagesByFolder.has(folder) && isLeaf(folder)) chapterFolders.push(folder);
  }
  chapterFolders.sort(comparePaths);

  const single = chapterFolders.length === 1;
  const chapters = chapterFolders.map((folder): PlannedChapter => {
    const images = (imagesByFolder.get(folder) ?? []).sort(byName);
    const label = folder === '' ? sourceName : folder;
    const skipped = otherByFolder.get(folder) ?? [];
    return {
      label,
      title: single ? null : baseName(folder),
      images,
      text: null,
      problem:
        images.length > 0
          ? null
          : `chapter "${label}" is empty: it holds no images${skipped.length > 0 ? ` (only ${skipped.map((p) => `"${baseName(p)}"`).join(', ')})` : ''}`,
    };
  });
  return { chapters, cover, comicInfo };
}
