import yauzl from 'yauzl';

/** An EPUB (or any zip) opened as a reading app opens it. */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  compressionMethod: number;
  extraFieldLength: number;
  /** Bit 3: sizes in a data descriptor after the data (not in the local header). */
  generalPurposeBitFlag: number;
  data: Buffer;
}

/** Every entry of a zip in the order it is stored (yauzl, as strict as reading apps' unzip). */
export function unzip(bytes: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              compressionMethod: entry.compressionMethod,
              extraFieldLength: entry.extraFieldLength,
              generalPurposeBitFlag: entry.generalPurposeBitFlag,
              data: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
