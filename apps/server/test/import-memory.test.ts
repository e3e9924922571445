import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildZip, writeFixture } from './helpers/import-fixtures.js';
import { useImportTestKit } from './helpers/import-test-kit.js';
import { TEST_DIALECT } from './helpers/test-context.js';

const run = promisify(execFile);
const MEASURED_CLI = path.join(import.meta.dirname, 'helpers/run-admin-measured.mjs');
const BUILT_CLI = path.join(import.meta.dirname, '../dist/cli/admin-runner.js');

/**
 * A few hundred KB of archive can hold pages of 100 megapixels each (a 1,600 × 62,500 strip of
 * flat colour compresses to almost nothing). Before the pipeline streamed strips, one such page
 * took 890 MB; importing two now peaks at 185–355 MB on an idle machine. On a machine loaded by the
 * rest of the suite the allocator keeps more (up to 519 MB measured in CI with the production
 * allocator settings), so the bound is 768 MB: far from that noise, and still well under what a
 * strip decoded whole costs. Runs the built CLI in a child process (npm test builds first) so the
 * figure is the import's own.
 */
const PEAK_BOUND_MB = 768;
describe.runIf(TEST_DIALECT === 'sqlite' && existsSync(BUILT_CLI))('import memory', () => {
  const env = useImportTestKit();

  it('imports two 1,600 × 62,500 pages in under 768 MB (one took 890 MB decoded whole)', { timeout: 120_000 }, async () => {
    const strip = async (shade: number) =>
      sharp({ create: { width: 1600, height: 62_500, channels: 3, background: { r: shade, g: 120, b: 40 } } })
        .png()
        .toBuffer();
    const archive = await buildZip([
      { name: 'Tall Strips/001.png', data: await strip(200) },
      { name: 'Tall Strips/002.png', data: await strip(90) },
    ]);
    expect(archive.length).toBeLessThan(4_000_000);
    const file = writeFixture(env.kit.scratch, 'tall-strips.cbz', archive);
    const { stdout } = await run(process.execPath, [MEASURED_CLI, 'import', file], {
      env: {
        ...process.env,
        DATA_DIR: env.ctx.dataDir,
        JWT_SECRET: env.ctx.config.jwtSecret,
        MEDIA_SIGNING_SECRET: env.ctx.config.mediaSigningSecret,
        LOG_LEVEL: 'silent',
        // As npm start and npm run admin set it (see docs/CONTENT.md).
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '1048576',
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { code: number; maxRssKb: number; output: string };
    expect(result.code, result.output).toBe(0);
    expect(result.maxRssKb / 1024).toBeLessThan(PEAK_BOUND_MB);
    // Each strip became 16 slices of at most 4,000 rows.
    const slices = await env.ctx.db.selectFrom('chapter_pages').select(['width', 'height']).execute();
    expect(slices).toHaveLength(32);
    expect(slices.every((s) => s.width === 1600 && s.height <= 4000)).toBe(true);
  });
});
