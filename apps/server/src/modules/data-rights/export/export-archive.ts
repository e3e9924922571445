import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { csvBytes } from './export-csv.js';
import type { ExportSnapshot } from './export-snapshot.js';
import { readmeText } from './readme/export-readme.js';
import { ARCHIVE_FILE_NAMES } from './readme/readme-words.js';

/** The ZIP of a snapshot, in memory (a reader's data is small; it is stored in the database). */
export function buildArchive(snapshot: ExportSnapshot): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date(snapshot.takenAt);
  zip.addBuffer(Buffer.from(readmeText(snapshot.language, snapshot.takenAt), 'utf8'), 'README.txt', { mtime });
  for (const name of ARCHIVE_FILE_NAMES) {
    const table = snapshot.csv[name];
    const document = snapshot.json[name];
    if (table) zip.addBuffer(csvBytes(table), name, { mtime });
    else if (document !== undefined) zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8'), name, { mtime });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    output.on('data', (chunk: Buffer) => parts.push(chunk));
    output.on('error', reject);
    output.on('end', () => resolve(Buffer.concat(parts)));
  });
}
