import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { ImportError } from './import-errors.js';
import { emptyMetadata, isImagePath, type ImportSource, type PlannedChapter, type SourceFile } from './import-source.js';
import { contentRatingOf } from './age-rating.js';
import { mapGenres, mapLanguage } from './metadata-mapping.js';
import { sanitiseChapterHtml } from './html-sanitiser.js';
import type { ZipArchive } from './zip-archive.js';

/**
 * Reads an EPUB novel: container.xml names the OPF package, whose spine gives the reading order.
 * Each XHTML document of the spine with text is a chapter (the navigation document and pages
 * with no text, such as the cover, are skipped); its title comes from the table of contents
 * (EPUB 3 nav or EPUB 2 NCX), else its first heading. Images a chapter shows become its
 * illustrations.
 */

interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: string[];
}

const FONT = /\.(otf|ttf|woff2?)$/i;

const parseXml = (text: string) => parseDocument(text, { xmlMode: true });
/** Elements by local name, ignoring namespace prefixes (`dc:title`, `opf:item`). */
const localName = (element: Element) => element.name.slice(element.name.indexOf(':') + 1).toLowerCase();
const findAll = (root: Parameters<typeof DomUtils.findAll>[1], name: string) => DomUtils.findAll((e) => localName(e) === name, root);
const text = (element: Element | undefined) => (element ? DomUtils.textContent(element).replace(/\s+/g, ' ').trim() : '');

/** Decodes a document, honouring a byte-order mark (EPUB allows UTF-8 and UTF-16). */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** Resolves an href relative to the file that holds it; null when it leaves the book or is not a local file. */
function resolveHref(from: string, href: string): string | null {
  const bare = href.split('#')[0]!.split('?')[0]!;
  if (bare === '' || /^[a-z][a-z0-9+.-]*:/i.test(bare)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    return null;
  }
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(from), decoded));
  return resolved.startsWith('../') || resolved.startsWith('/') || resolved === '..' ? null : resolved;
}

async function readXml(archive: ZipArchive, filePath: string, what: string, name: string) {
  const file = archive.find(filePath);
  if (!file) throw new ImportError(`"${name}" has no ${what} ("${filePath}"); it is not a readable EPUB`);
  return parseXml(decodeText(await file.read()));
}

/** Plans an EPUB already opened as a ZIP archive; the source owns the archive from then on. */
export async function readEpub(archive: ZipArchive, name: string): Promise<ImportSource> {
  try {
    return await planEpub(archive, name);
  } catch (error) {
    await archive.close();
    throw error;
  }
}

async function planEpub(archive: ZipArchive, name: string): Promise<ImportSource> {
  const warnings: string[] = [];
  const container = await readXml(archive, 'META-INF/container.xml', 'META-INF/container.xml', name);
  const rootfile = findAll(container.children, 'rootfile').find((e) => e.attribs['full-path']);
  const opfPath = rootfile?.attribs['full-path'];
  if (!opfPath) throw new ImportError(`"${name}": META-INF/container.xml names no OPF package; it is not a readable EPUB`);
  await refuseDrm(archive, name);
  const opf = await readXml(archive, opfPath, 'OPF package', name);

  const manifest = new Map<string, ManifestItem>();
  for (const item of findAll(opf.children, 'item')) {
    const resolved = item.attribs.href ? resolveHref(opfPath, item.attribs.href) : null;
    if (!item.attribs.id || !resolved) continue;
    const properties = (item.attribs.properties ?? '').split(/\s+/).filter(Boolean);
    manifest.set(item.attribs.id, { id: item.attribs.id, path: resolved, mediaType: item.attribs['media-type'] ?? '', properties });
  }
  const spineElement = findAll(opf.children, 'spine')[0];
  const spine = spineElement
    ? findAll(spineElement.children, 'itemref')
        .filter((ref) => ref.attribs.linear !== 'no')
        .map((ref) => manifest.get(ref.attribs.idref ?? ''))
        .filter((item): item is ManifestItem => item !== undefined)
    : [];
  if (spine.length === 0)
    throw new ImportError(`"${name}": the OPF package "${opfPath}" has no readable spine (reading order); nothing to import`);

  const metadata = emptyMetadata();
  const dc = (field: string) => text(findAll(opf.children, field)[0]) || null;
  // EPUB 3 says which title is which (<meta refines="#id" property="title-type">): the main one
  // (else the first) is the book's; the others, but for subtitles, collections and editions, are
  // other names of it (alternate titles), each in its xml:lang when given.
  const titleElements = findAll(opf.children, 'title');
  const titleType = (element: Element) =>
    text(
      findAll(opf.children, 'meta').find(
        (meta) => element.attribs.id && meta.attribs.refines === `#${element.attribs.id}` && meta.attribs.property === 'title-type',
      ),
    );
  const mainTitle = titleElements.find((element) => titleType(element) === 'main') ?? titleElements[0];
  metadata.title = text(mainTitle) || null;
  metadata.alternateTitles = titleElements
    .filter((element) => element !== mainTitle && !['subtitle', 'collection', 'edition'].includes(titleType(element)))
    .map((element) => ({ title: text(element), language: element.attribs['xml:lang']?.replace(/_/g, '-') ?? null }));
  metadata.author = dc('creator')?.replace(/\s+/g, ' ').trim().slice(0, 200) || null;
  const description = dc('description');
  // Descriptions often carry escaped HTML: keep its text only.
  metadata.summary = description ? DomUtils.textContent(parseDocument(description)).replace(/\s+/g, ' ').trim() || null : null;
  const language = dc('language');
  metadata.language = mapLanguage(language);
  if (language && !metadata.language) warnings.push(`the EPUB's language "${language}" is not one of ours; ignored`);
  // Issue 61: a content rating where the EPUB says one (<meta property="schema:contentRating"> or name="contentRating").
  const ratingMeta = findAll(opf.children, 'meta').find(
    (meta) =>
      meta.attribs.property === 'schema:contentRating' ||
      meta.attribs.name === 'contentRating' ||
      meta.attribs.name === 'schema:contentRating',
  );
  const ratingWord = ratingMeta ? (ratingMeta.attribs.content ?? text(ratingMeta)).trim() : '';
  if (ratingWord !== '') {
    const rating = contentRatingOf(ratingWord);
    if (rating === undefined)
      warnings.push(`the EPUB's content rating "${ratingWord.slice(0, 40)}" is not one we know; the book stays all ages`);
    else metadata.contentRating = rating;
  }
  const genres = mapGenres(findAll(opf.children, 'subject').map(text));
  metadata.tags = genres.tags;
  if (genres.unknown.length > 0) warnings.push(`EPUB subjects not in the tag list, skipped: ${genres.unknown.join(', ')}`);

  const coverId = findAll(opf.children, 'meta').find((meta) => meta.attribs.name === 'cover')?.attribs.content;
  const coverItem =
    [...manifest.values()].find((item) => item.properties.includes('cover-image')) ?? (coverId ? manifest.get(coverId) : undefined);
  const cover = coverItem && isImagePath(coverItem.path) ? (archive.find(coverItem.path) ?? null) : null;

  const navItem = [...manifest.values()].find((item) => item.properties.includes('nav'));
  const ncxItem =
    manifest.get(spineElement?.attribs.toc ?? '') ?? [...manifest.values()].find((i) => i.mediaType === 'application/x-dtbncx+xml');
  const titles = await readTableOfContents(archive, navItem, ncxItem);

  const chapters: PlannedChapter[] = [];
  for (const item of spine) {
    if (item === navItem) continue;
    if (!/x?html/.test(item.mediaType) && !/\.x?html?$/i.test(item.path)) {
      warnings.push(`skipped "${item.path}" in the reading order: not an XHTML document`);
      continue;
    }
    const document = archive.find(item.path);
    if (!document) {
      warnings.push(`skipped "${item.path}": listed in the OPF but missing from the archive`);
      continue;
    }
    const sanitised = sanitiseChapterHtml(decodeText(await document.read()));
    const images = collectImages(archive, item.path, sanitised.images, warnings);
    if (sanitised.wordCount === 0) {
      const isCoverPage = images.some((image) => image === cover) || /cover/i.test(item.id + item.path) || chapters.length === 0;
      if (images.length > 0 && !isCoverPage) warnings.push(`skipped "${item.path}": it has images but no text`);
      continue;
    }
    chapters.push({
      label: item.path,
      title: titles.get(item.path) ?? sanitised.firstHeading,
      images,
      text: { html: sanitised.html, wordCount: sanitised.wordCount, document },
      problem: null,
    });
  }
  if (chapters.length === 0) throw new ImportError(`"${name}" has no chapter with text in its reading order`);
  return { kind: 'epub', name, bookType: 'novel', metadata, cover, chapters, warnings, close: () => archive.close() };
}

/** An EPUB whose content is encrypted (DRM) cannot be read; obfuscated fonts are harmless. */
async function refuseDrm(archive: ZipArchive, name: string): Promise<void> {
  const file = archive.find('META-INF/encryption.xml');
  if (!file) return;
  const encryption = parseXml(decodeText(await file.read()));
  const locked = findAll(encryption.children, 'cipherreference')
    .map((ref) => ref.attribs.URI ?? ref.attribs.uri ?? '')
    .find((uri) => uri !== '' && !FONT.test(uri));
  if (locked)
    throw new ImportError(`"${name}" is DRM-protected (META-INF/encryption.xml encrypts "${locked}"); only DRM-free EPUBs can be imported`);
}

/** Document path → title, from the EPUB 3 navigation document or else the EPUB 2 NCX. */
async function readTableOfContents(archive: ZipArchive, nav: ManifestItem | undefined, ncx: ManifestItem | undefined) {
  const titles = new Map<string, string>();
  const add = (from: string, href: string | undefined, label: string) => {
    const target = href ? resolveHref(from, href) : null;
    if (target && label && !titles.has(target)) titles.set(target, label.slice(0, 255));
  };
  const navFile = nav ? archive.find(nav.path) : undefined;
  if (nav && navFile) {
    const document = parseDocument(decodeText(await navFile.read()), { xmlMode: false, lowerCaseAttributeNames: true });
    const navs = findAll(document.children, 'nav');
    const toc = navs.find((e) => (e.attribs['epub:type'] ?? '').split(/\s+/).includes('toc')) ?? navs[0];
    for (const link of toc ? findAll(toc.children, 'a') : []) add(nav.path, link.attribs.href, text(link));
  }
  const ncxFile = ncx ? archive.find(ncx.path) : undefined;
  if (titles.size === 0 && ncx && ncxFile) {
    const document = parseXml(decodeText(await ncxFile.read()));
    for (const point of findAll(document.children, 'navpoint')) {
      const label = findAll(point.children, 'navlabel')[0];
      const content = point.children.find((child): child is Element => 'name' in child && localName(child as Element) === 'content');
      add(ncx.path, content?.attribs.src, text(label));
    }
  }
  return titles;
}

/** The chapter's images that exist in the book, once each, in document order. */
function collectImages(archive: ZipArchive, documentPath: string, sources: string[], warnings: string[]): SourceFile[] {
  const images: SourceFile[] = [];
  for (const src of sources) {
    const resolved = resolveHref(documentPath, src);
    const file = resolved ? archive.find(resolved) : undefined;
    if (!file || !isImagePath(file.path)) {
      warnings.push(`"${documentPath}": image "${src.slice(0, 100)}" is not an image file inside the book; skipped`);
    } else if (!images.includes(file)) {
      images.push(file);
    }
  }
  return images;
}
