import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { DEFAULT_ZIP_LIMITS, openZip } from './zip-archive.js';

const dir = mkdtempSync(path.join(tmpdir(), 'zip-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function zipFile(name: string, entries: { name: string; data: Buffer }[]) {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.data, entry.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

describe('openZip limits', () => {
  it('refuses an archive whose entries add up to more than the total cap', async () => {
    const file = await zipFile('total.zip', [
      { name: 'a.jpg', data: Buffer.alloc(600, 1) },
      { name: 'b.jpg', data: Buffer.alloc(600, 2) },
    ]);
    await expect(openZip(file, 'total.zip', { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 1000 })).rejects.toThrow(
      /more than 0\.0 MiB uncompressed: refused as a zip bomb/,
    );
    const archive = await openZip(file, 'total.zip', { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 2000 });
    expect(archive.files.map((f) => f.path)).toEqual(['a.jpg', 'b.jpg']);
    expect((await archive.find('b.jpg')!.read()).equals(Buffer.alloc(600, 2))).toBe(true);
    await archive.close();
  });

  it('refuses too many entries and a single entry over the cap', async () => {
    const file = await zipFile('many.zip', [
      { name: 'a.jpg', data: Buffer.alloc(10) },
      { name: 'b.jpg', data: Buffer.alloc(5000) },
    ]);
    await expect(openZip(file, 'many.zip', { ...DEFAULT_ZIP_LIMITS, maxEntries: 1 })).rejects.toThrow(/has 2 entries; at most 1/);
    await expect(openZip(file, 'many.zip', { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 1000 })).rejects.toThrow(
      /"b\.jpg" in "many\.zip" would be/,
    );
  });

  it('lists folders named by entries and by file paths', async () => {
    const file = await zipFile('folders.zip', [{ name: 'Book/Ch 1/1.jpg', data: Buffer.alloc(3) }]);
    const archive = await openZip(file, 'folders.zip');
    expect([...archive.folders].sort()).toEqual(['Book', 'Book/Ch 1']);
    await archive.close();
  });
});
