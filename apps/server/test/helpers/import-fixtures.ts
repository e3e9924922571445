import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import yazl from 'yazl';

/**
 * Builds import inputs on the fly (no binary fixtures in the repository): small drawn pages,
 * CBZ/ZIP archives, EPUBs and folders, plus the byte patches that make archives hostile
 * (names yazl refuses to write, the encryption flag, lying sizes).
 */

/** A small page with a label drawn on it, so every page has different bytes. */
export function drawPage(label: string, options: { width?: number; height?: number; format?: 'jpeg' | 'png' } = {}): Promise<Buffer> {
  const width = options.width ?? 120;
  const height = options.height ?? 180;
  // The panel's colour comes from the label too: long labels that overflow the page still differ.
  const colour = createHash('sha256').update(label).digest('hex').slice(0, 6);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4efe4"/><rect x="8" y="8" width="${width - 16}" height="${height / 2}" fill="#${colour}"/>
    <text x="4" y="${height - 20}" font-size="10" font-family="sans-serif" fill="#111">${label.replace(/[<&>]/g, '')}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  return options.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

export interface ZipEntry {
  name: string;
  /** Omit for a folder entry (name ending in "/"). */
  data?: Buffer | string;
  compress?: boolean;
}

export function buildZip(entries: readonly ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const entry of entries) {
    if (entry.data === undefined) zip.addEmptyDirectory(entry.name, { mtime });
    else zip.addBuffer(Buffer.from(entry.data), entry.name, { mtime, compress: entry.compress ?? true });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Pages named `<prefix>1.jpg` … drawn with their names. */
export async function pages(prefix: string, count: number, folder = ''): Promise<ZipEntry[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${folder}${prefix}${i + 1}.jpg`,
      data: await drawPage(`${folder}${prefix}${i + 1}`),
    })),
  );
}

export function writeFixture(dir: string, name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return file;
}

/** Replaces every occurrence of `from` by `to` (same length): entry names in local and central headers. */
export function patchBytes(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('patches must keep the length');
  const result = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = result.indexOf(needle); at !== -1; at = result.indexOf(needle, at + 1)) Buffer.from(to).copy(result, at);
  return result;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;

/** Edits the headers of the entry called `name`: `edit(buffer, headerOffset, isCentral)`. */
function editHeaders(zip: Buffer, name: string, edit: (buffer: Buffer, offset: number, isCentral: boolean) => void): Buffer {
  const result = Buffer.from(zip);
  for (let at = 0; at < result.length - 46; at += 1) {
    const signature = result.readUInt32LE(at);
    if (signature !== LOCAL_HEADER && signature !== CENTRAL_HEADER) continue;
    const isCentral = signature === CENTRAL_HEADER;
    const nameLength = result.readUInt16LE(at + (isCentral ? 28 : 26));
    const nameStart = at + (isCentral ? 46 : 30);
    if (result.toString('utf8', nameStart, nameStart + nameLength) === name) edit(result, at, isCentral);
  }
  return result;
}

/** Sets general-purpose bit 0 (encrypted) on an entry, as a password-protected archive has it. */
export const markEncrypted = (zip: Buffer, name: string) =>
  editHeaders(zip, name, (buffer, at, isCentral) => {
    const offset = at + (isCentral ? 8 : 6);
    buffer.writeUInt16LE(buffer.readUInt16LE(offset) | 1, offset);
  });

/** Makes the central directory declare another uncompressed size than the data holds. */
export const declareSize = (zip: Buffer, name: string, size: number) =>
  editHeaders(zip, name, (buffer, at, isCentral) => {
    if (isCentral) buffer.writeUInt32LE(size, at + 24);
  });

export interface EpubChapter {
  file: string;
  title?: string;
  body: string;
}

/** A minimal EPUB 3 (with an EPUB 2 NCX too): mimetype first and stored, container, OPF, nav, chapters, images. */
export function buildEpub(options: {
  title: string;
  language: string;
  description?: string;
  creator?: string;
  subjects?: string[];
  /** More OPF metadata elements, as XML (e.g. other dc:title elements and their refinements). */
  extraMetadata?: string;
  chapters: EpubChapter[];
  images?: Record<string, Buffer>;
  cover?: string;
  withNav?: boolean;
}): Promise<Buffer> {
  const chapters = options.chapters;
  const images = Object.entries(options.images ?? {});
  const media = (file: string) => (file.endsWith('.png') ? 'image/png' : 'image/jpeg');
  const manifest = [
    ...(options.withNav === false ? [] : ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>']),
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
    ...chapters.map((c, i) => `<item id="c${i}" href="${c.file}" media-type="application/xhtml+xml"/>`),
    ...images.map(
      ([file], i) =>
        `<item id="img${i}" href="${file}" media-type="${media(file)}"${file === options.cover ? ' properties="cover-image"' : ''}/>`,
    ),
  ];
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:fixture</dc:identifier><dc:title>${options.title}</dc:title><dc:language>${options.language}</dc:language>
    ${options.description ? `<dc:description>${options.description}</dc:description>` : ''}
    ${options.creator ? `<dc:creator>${options.creator}</dc:creator>` : ''}
    ${(options.subjects ?? []).map((s) => `<dc:subject>${s}</dc:subject>`).join('')}
    ${options.extraMetadata ?? ''}
  </metadata>
  <manifest>${manifest.join('\n')}</manifest>
  <spine toc="ncx">${chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('')}</spine>
</package>`;
  const nav = `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
<body><nav epub:type="toc"><ol>${chapters
    .filter((c) => c.title)
    .map((c) => `<li><a href="${c.file}">${c.title}</a></li>`)
    .join('')}</ol></nav></body></html>`;
  const ncx = `<?xml version="1.0" encoding="UTF-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>${chapters
    .filter((c) => c.title)
    .map((c, i) => `<navPoint id="n${i}"><navLabel><text>${c.title}</text></navLabel><content src="${c.file}"/></navPoint>`)
    .join('')}</navMap></ncx>`;
  const xhtml = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title><style>p{color:red}</style></head><body>${body}</body></html>`;
  return buildZip([
    { name: 'mimetype', data: 'application/epub+zip', compress: false },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
    { name: 'OEBPS/content.opf', data: opf },
    ...(options.withNav === false ? [] : [{ name: 'OEBPS/nav.xhtml', data: nav }]),
    { name: 'OEBPS/toc.ncx', data: ncx },
    ...chapters.map((c) => ({ name: `OEBPS/${c.file}`, data: xhtml(c.body) })),
    ...images.map(([file, data]) => ({ name: `OEBPS/${file}`, data })),
  ]);
}
