import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@inkstream/contracts';
import { readmeText } from '../src/modules/data-rights/export/readme/export-readme.js';
import { ARCHIVE_FILE_NAMES, GLOSSARY_KEYS } from '../src/modules/data-rights/export/readme/readme-words.js';
import { authHeader, createUserWithEmail, nextClientIp } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { unzip } from './helpers/zip.js';

/**
 * The archive's README.txt speaks the reader's language (issue 56 item 10): its title, what each
 * file holds and a glossary of every key, in all five languages; the keys themselves stay English.
 */
const TITLES = {
  'en-us': 'Your Inkstream data',
  'zh-cn': '你的 Inkstream 数据',
  'fr-fr': 'Vos données Inkstream',
  'es-es': 'Tus datos de Inkstream',
  'ar-sa': 'بياناتك في Inkstream',
} as const;
const GLOSSARY_HEADINGS = {
  'en-us': 'Keys in the files',
  'zh-cn': '文件中的字段名',
  'fr-fr': 'Clés des fichiers',
  'es-es': 'Claves de los ficheros',
  'ar-sa': 'المفاتيح في الملفات',
} as const;

describe('README.txt in each language', () => {
  it.each(LANGUAGES)('%s: title, every file, every key with words of its own', (language) => {
    const text = readmeText(language, Date.UTC(2026, 10, 28, 3, 0, 0));
    expect(text.startsWith(`\ufeff${TITLES[language]}\r\n`)).toBe(true);
    expect(text).toContain('2026-11-28T03:00:00.000Z');
    expect(text).toContain(GLOSSARY_HEADINGS[language]);
    for (const name of ARCHIVE_FILE_NAMES) expect(text).toContain(`\r\n${name}\r\n    `);
    for (const key of GLOSSARY_KEYS) expect(text, key).toMatch(new RegExp(`\\r\\n${key}\\r\\n    \\S`));
    // Not the English text under another title: no English description line in another language.
    if (language !== 'en-us') expect(text).not.toContain('when it was made');
  });
});

describe(`the archive of a zh-cn reader (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(() => ctx?.close());

  it('holds README.txt in Chinese, with the glossary, and the keys unchanged', async () => {
    const reader = await createUserWithEmail(ctx, { language: 'zh-cn' });
    const call = (method: 'GET' | 'POST', url: string) =>
      ctx.app.inject({
        method,
        url,
        headers: authHeader(reader),
        remoteAddress: nextClientIp(),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
    expect((await call('POST', '/api/v1/user/data_export')).statusCode).toBe(202);
    await ctx.app.jobs.drain();
    const ready = (await call('GET', '/api/v1/user/data_export')).json().data.export;
    const got = await call('GET', ready.download_url);
    expect(got.statusCode, got.body).toBe(200);
    const entries = await unzip(got.rawPayload);
    const readme = entries.find((e) => e.name === 'README.txt')!.data.toString('utf8');
    expect(readme).toContain('你的 Inkstream 数据');
    expect(readme).toContain('文件中的字段名');
    expect(readme).toContain('\r\ncreated_at\r\n    创建时间\r\n');
    const account = JSON.parse(entries.find((e) => e.name === 'account.json')!.data.toString('utf8'));
    expect(account).toMatchObject({ language: 'zh-cn', name: reader.username });
    // Its own request is this archive, ready until the expiry the profile shows; never "building".
    const exportsJson = JSON.parse(entries.find((e) => e.name === 'exports.json')!.data.toString('utf8'));
    expect(exportsJson).toEqual([
      expect.objectContaining({
        state: 'ready',
        this_archive: true,
        ready_at: new Date(ready.ready_at).toISOString(),
        expires_at: new Date(ready.expires_at).toISOString(),
      }),
    ]);
  });
});
