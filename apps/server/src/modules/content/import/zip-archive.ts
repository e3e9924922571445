import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { describeError, ImportError } from './import-errors.js';
import type { SourceFile } from './import-source.js';

/**
 * Reads a ZIP archive (CBZ, EPUB) without trusting it: entry names that could climb out of the
 * archive, encrypted entries, unknown compression and zip-bomb sizes are refused before any
 * byte is inflated, and every read counts the real bytes and checks the CRC, since the declared
 * sizes are the attacker's to choose.
 */

export interface ZipLimits {
  /** Largest single entry, uncompressed. */
  maxEntryBytes: number;
  /** All entries together, uncompressed. */
  maxTotalBytes: number;
  /** Uncompressed / compressed size above which a large entry is a bomb, not a picture. */
  maxRatio: number;
  maxEntries: number;
}

const MiB = 1024 * 1024;
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntryBytes: 100 * MiB, maxTotalBytes: 2048 * MiB, maxRatio: 100, maxEntries: 50_000 };
/** Small entries (ComicInfo.xml, XHTML) compress well for honest reasons; the ratio check starts above this. */
const RATIO_FLOOR_BYTES = MiB;

export interface ZipArchive {
  /** Files (not folders), with safe slash-separated paths. */
  files: SourceFile[];
  /** Every folder named in the archive, explicitly or as a file's parent. */
  folders: Set<string>;
  find(path: string): SourceFile | undefined;
  close(): Promise<void>;
}

const ZIP_SIGNATURES = [Buffer.from('PK\x03\x04'), Buffer.from('PK\x05\x06')];

/** A ZIP file starts with a local file header, or with the end record when it is empty. */
export const looksLikeZip = (head: Buffer) => ZIP_SIGNATURES.some((signature) => head.subarray(0, 4).equals(signature));

const UNSAFE_NAME = /^(invalid characters in fileName|absolute path|invalid relative path): (.*)$/s;

function explainYauzlError(archiveName: string, error: unknown): ImportError {
  const message = describeError(error);
  const unsafe = UNSAFE_NAME.exec(message);
  if (unsafe) {
    return new ImportError(
      `"${archiveName}" holds an unsafe entry name "${unsafe[2]}": absolute paths, "../" and backslashes are refused, so nothing was imported`,
    );
  }
  return new ImportError(`"${archiveName}" is not a readable ZIP archive or is damaged (${message})`);
}

/** Our own check on top of yauzl's (which refuses "../", absolute paths and backslashes): also empty segments, "." and control characters. */
function isSafeEntryName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (name.length === 0 || name.length > 1024 || /[\u0000-\u001f\\]/.test(name) || name.startsWith('/')) return false;
  const parts = name.replace(/\/$/, '').split('/');
  return parts.every((part) => part !== '' && part !== '.' && part !== '..');
}

export async function openZip(filePath: string, archiveName: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipArchive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true });
  } catch (error) {
    throw explainYauzlError(archiveName, error);
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ImportError(`"${archiveName}" has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`);
    }
    const entries: Entry[] = [];
    try {
      for await (const entry of zip.eachEntry()) entries.push(entry);
    } catch (error) {
      throw explainYauzlError(archiveName, error);
    }
    return buildArchive(zip, entries, archiveName, limits);
  } catch (error) {
    zip.close();
    throw error;
  }
}

function buildArchive(zip: ZipFile, entries: Entry[], archiveName: string, limits: ZipLimits): ZipArchive {
  const files: SourceFile[] = [];
  const folders = new Set<string>();
  const byPath = new Map<string, SourceFile>();
  let declaredTotal = 0;
  for (const entry of entries) {
    const name = entry.fileName;
    const where = `"${name}" in "${archiveName}"`;
    if (!isSafeEntryName(name)) {
      throw new ImportError(`"${archiveName}" holds an unsafe entry name "${name}": nothing was imported`);
    }
    if (name.endsWith('/')) {
      folders.add(name.slice(0, -1));
      continue;
    }
    if (entry.isEncrypted()) throw new ImportError(`${where} is encrypted; password-protected archives cannot be imported`);
    if (!entry.canDecodeFileData()) {
      throw new ImportError(`${where} uses compression method ${entry.compressionMethod}; only stored and deflated entries are read`);
    }
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      throw new ImportError(
        `${where} would be ${formatMiB(entry.uncompressedSize)} uncompressed; at most ${formatMiB(limits.maxEntryBytes)} per file`,
      );
    }
    if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio) {
      throw new ImportError(
        `${where} inflates ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times (${formatMiB(entry.uncompressedSize)}): refused as a zip bomb`,
      );
    }
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.maxTotalBytes) {
      throw new ImportError(`"${archiveName}" would be more than ${formatMiB(limits.maxTotalBytes)} uncompressed: refused as a zip bomb`);
    }
    if (byPath.has(name)) throw new ImportError(`"${archiveName}" holds "${name}" twice`);
    for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1)) folders.add(name.slice(0, slash));
    const file: SourceFile = { path: name, size: entry.uncompressedSize, read: () => readEntry(zip, entry, where, limits) };
    files.push(file);
    byPath.set(name, file);
  }
  return {
    files,
    folders,
    find: (path) => byPath.get(path),
    close: async () => zip.close(),
  };
}

/** Inflates one entry, stopping as soon as it produces more than it declared (or the cap). */
async function readEntry(zip: ZipFile, entry: Entry, where: string, limits: ZipLimits): Promise<Buffer> {
  const cap = Math.min(entry.uncompressedSize, limits.maxEntryBytes);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > cap) {
        stream.destroy();
        throw new ImportError(`${where} inflates to more than the ${cap} bytes it declares: refused as a zip bomb`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${where} is damaged (${describeError(error)})`);
  }
  const bytes = Buffer.concat(chunks, total);
  if (total !== entry.uncompressedSize) throw new ImportError(`${where} is damaged (${total} bytes instead of ${entry.uncompressedSize})`);
  if (crc32(bytes) !== entry.crc32) throw new ImportError(`${where} is damaged (its checksum does not match)`);
  return bytes;
}

const formatMiB = (bytes: number) => `${(bytes / MiB).toFixed(bytes < 10 * MiB ? 1 : 0)} MiB`;
