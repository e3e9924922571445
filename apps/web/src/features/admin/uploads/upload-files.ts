/** What the upload panel accepts and how it describes a choice of files (kept apart from React to be tested alone). */

export const ACCEPT = '.cbz,.zip,.epub,image/jpeg,image/png,image/webp,image/avif,image/gif';

const ARCHIVE = /\.(cbz|zip|epub)$/i;
const IMAGE = /\.(jpe?g|png|webp|avif|gif)$/i;

export type FileChoice =
  | { kind: 'archive'; files: File[] }
  | { kind: 'images'; files: File[] }
  | { kind: 'invalid'; reason: 'mixed' | 'several-archives' | 'unsupported'; name?: string }
  | { kind: 'empty' };

/** Page 2 before page 10, as the server orders the images of a chapter. */
export const compareNames = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

export function classifyFiles(files: readonly File[]): FileChoice {
  if (files.length === 0) return { kind: 'empty' };
  const unsupported = files.find((file) => !ARCHIVE.test(file.name) && !IMAGE.test(file.name));
  if (unsupported) return { kind: 'invalid', reason: 'unsupported', name: unsupported.name };
  const archives = files.filter((file) => ARCHIVE.test(file.name));
  if (archives.length > 0 && archives.length < files.length) return { kind: 'invalid', reason: 'mixed' };
  if (archives.length > 1) return { kind: 'invalid', reason: 'several-archives' };
  if (archives.length === 1) return { kind: 'archive', files: archives };
  return { kind: 'images', files: [...files].sort((a, b) => compareNames(a.name, b.name)) };
}

export const totalBytes = (files: readonly File[]) => files.reduce((sum, file) => sum + file.size, 0);

export function formatBytes(bytes: number, locale?: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1, numberingSystem: 'latn' }).format(value)} ${units[unit]}`;
}
