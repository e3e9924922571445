import type { ContentRatingValue } from '@inkstream/contracts';
/** What every reader (CBZ/ZIP, folder, EPUB) turns its input into: a book plan the importer can run. */

export interface SourceFile {
  /** Slash-separated path inside the source, as the operator sees it in messages. */
  path: string;
  /** Size as declared (the archive's directory or the file system); reads check the real bytes. */
  size: number;
  read(): Promise<Buffer>;
}

export interface SourceText {
  /** Sanitised HTML paragraphs. */
  html: string;
  wordCount: number;
  /** The document's own bytes, for the content hash. */
  document: SourceFile;
}

export interface PlannedChapter {
  /** Where the chapter comes from (folder name, document path), for messages. */
  label: string;
  title: string | null;
  /** Pages in reading order; for novels, the chapter's illustrations. */
  images: SourceFile[];
  text: SourceText | null;
  /** A reason the chapter cannot be imported, found while reading the source (e.g. empty). */
  problem: string | null;
}

export interface SourceMetadata {
  /** The book's title in the source's language. */
  title: string | null;
  summary: string | null;
  /** One of our languages, already mapped. */
  language: string | null;
  tags: string[];
  /** ComicInfo `Number` of a one-chapter archive. */
  number: number | null;
  /** ComicInfo Writer, EPUB dc:creator; shown on the book page, credited as author (issue 46). */
  author: string | null;
  /** ComicInfo Penciller: credited as artist (issue 46; Inker and CoverArtist are not kept). */
  artist: string | null;
  /** Other names of the book as the source gives them (ComicInfo LocalizedSeries, EPUB's other dc:title); not yet checked. */
  alternateTitles: { title: string; language: string | null }[];
  /**
   * Issue 45: the direction the source says its pages are read in (ComicInfo `Manga`:
   * YesAndRightToLeft → rtl, Yes → ltr); null when it does not say.
   */
  readingDirection: 'ltr' | 'rtl' | null;
  /** Issue 61: the rating the source gives (ComicInfo `AgeRating`, an EPUB's contentRating meta); null when it gives none. */
  contentRating: ContentRatingValue | null;
}

export interface ImportSource {
  kind: 'cbz' | 'folder' | 'epub';
  /** The file or folder name, for messages and import bookkeeping. */
  name: string;
  bookType: 'comic' | 'novel';
  metadata: SourceMetadata;
  cover: SourceFile | null;
  chapters: PlannedChapter[];
  warnings: string[];
  close(): Promise<void>;
}

export const emptyMetadata = (): SourceMetadata => ({
  title: null,
  summary: null,
  language: null,
  tags: [],
  number: null,
  author: null,
  artist: null,
  alternateTitles: [],
  readingDirection: null,
  contentRating: null,
});

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif', 'tif', 'tiff']);

export const extensionOf = (path: string) => /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
export const isImagePath = (path: string) => IMAGE_EXTENSIONS.has(extensionOf(path));
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
export const dirName = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** Files every archiver or OS leaves behind; skipped without a warning. */
export function isJunkPath(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX' || /^(thumbs\.db|desktop\.ini)$/i.test(part));
}
