import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_TEXTS } from '../src/modules/legal/default-texts/index.js';
import { authHeader, callApi, createUser, nextClientIp, postApi, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ SITE_NAME: 'Inkstream Legal', CONTACT_EMAIL: 'privacy@example.com', PUBLIC_URL: 'https://ink.example' });
  admin = await createUser(ctx, { role: 'admin', username: 'lawboss' });
});
afterAll(() => ctx.close());

/**
 * Every local storage key the web app names, read from its two key tables (the app-wide one and the
 * reading screen's): a key added there and not to the privacy text fails here.
 */
const webStorageKeys = ['lib/storage-keys.ts', 'features/reading/reading-storage-keys.ts'].flatMap((file) => {
  const source = readFileSync(new URL(`../../web/src/${file}`, import.meta.url), 'utf8');
  return [...source.matchAll(/^\s+\w+: '([^']+)',$/gm)].map((match) => match[1]!);
});

const publish = (kind: string, language: string, markdown: unknown, user: TestUser = admin) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/admin/legal/${kind}/${language}`, headers: authHeader(user), payload: { markdown } });
const page = (kind: string, query = '', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/legal/${kind}${query}`, headers, remoteAddress: nextClientIp() });
const register = (body: Record<string, unknown>, language = 'fr-fr') =>
  postApi(ctx, '/user/register', { password: 'secret-pass-1', ...body }, { 'accept-language': language });
const acceptanceOf = (username: string) =>
  ctx.db
    .selectFrom('users')
    .select(['terms_version', 'terms_language', 'privacy_version', 'privacy_language', 'legal_accepted_at'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
let names = 0;
const newName = () => `legal${Date.now().toString(36).slice(-4)}${(names += 1)}`;

describe(`legal pages on ${TEST_DIALECT}`, () => {
  it('serves the built-in text (version 0) in every language with the site settings filled in', async () => {
    for (const language of ['en-us', 'zh-cn', 'fr-fr', 'es-es', 'ar-sa']) {
      for (const kind of ['privacy', 'terms']) {
        const answer = await page(kind, `?language=${language}`);
        expect(answer.statusCode).toBe(200);
        const data = answer.json().data;
        expect(data).toMatchObject({ kind, language, version: 0, published_at: null });
        expect(data.html).toContain('Inkstream Legal');
        expect(data.html).toContain('href="mailto:privacy@example.com"');
        expect(data.html).not.toContain('{{');
      }
    }
    const privacy = (await page('privacy', '?language=en-us')).json().data.html as string;
    // The browser's storage is listed in every language, with the retention periods of the settings:
    // the offline reading's keys, database and caches too (issue 47).
    expect(webStorageKeys).toEqual(expect.arrayContaining(['USER_UUID', 'offline-event-queue', 'reading-preferences']));
    for (const language of ['en-us', 'zh-cn', 'fr-fr', 'es-es', 'ar-sa']) {
      const html = (await page('privacy', `?language=${language}`)).json().data.html as string;
      for (const key of [
        ...webStorageKeys,
        'X-API-TOKEN',
        'X-VISITOR-ID',
        'inkstream_visitor',
        'inkstream-language',
        'inkstream-data-saver',
        'inkstream-chapter-list',
        'offline-saved',
        'offline-progress-queue',
        'offline-like-queue',
        'offline-event-queue',
        'install-offer',
        'inkstream-offline',
        'inkstream-offline-pages-v1',
        'inkstream-shell-',
        'inkstream-assets',
      ]) {
        expect(html, `${language}: ${key}`).toContain(key);
      }
    }
    expect(privacy).not.toContain('caches nothing');
    expect(privacy).toContain('180 days');
    expect(privacy).toContain('<table>');
    // Without ?language=, Accept-Language chooses.
    expect((await page('terms', '', { 'accept-language': 'es-ES,es;q=0.9' })).json().data.language).toBe('es-es');
    expect((await page('terms')).json().data.language).toBe('en-us');
  });

  it('refuses unknown kinds and languages with stable codes', async () => {
    expect((await page('cookies')).statusCode).toBe(400);
    const badLanguage = await page('terms', '?language=de-de');
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().code).toBe('INVALID_LANGUAGE');
  });

  it('publishes versions that readers see, falling back to English, then to the built-in text', async () => {
    const first = await publish('terms', 'en-us', '# Our terms\n\nVersion one of {{site_name}}.');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      kind: 'terms',
      language: 'en-us',
      current_version: 1,
      history: [{ version: 1, author: 'lawboss' }],
    });
    const second = await publish('terms', 'en-us', '# Our terms\n\nVersion two.');
    expect(second.json().data.current_version).toBe(2);
    expect(second.json().data.history.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // The same text again publishes nothing.
    expect((await publish('terms', 'en-us', '# Our terms\n\nVersion two.')).json().data.current_version).toBe(2);

    const english = (await page('terms', '?language=en-us')).json().data;
    expect(english).toMatchObject({ language: 'en-us', version: 2 });
    expect(english.published_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(english.html).toContain('<h2>Our terms</h2>');
    // French has no operator text: the operator's English one.
    expect((await page('terms', '?language=fr-fr')).json().data).toMatchObject({ language: 'en-us', version: 2 });
    // Once French has its own, French readers get it.
    await publish('terms', 'fr-fr', '# Conditions\n\nVersion française.');
    expect((await page('terms', '?language=fr-fr')).json().data).toMatchObject({ language: 'fr-fr', version: 1 });
    // Privacy in Arabic: nothing published in Arabic or English, the built-in Arabic text.
    const arabic = (await page('privacy', '?language=ar-sa')).json().data;
    expect(arabic).toMatchObject({ language: 'ar-sa', version: 0 });
    expect(arabic.html).toContain('سياسة الخصوصية');

    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'legal.publish').orderBy('id').execute();
    expect(audit.map((row) => row.target_id)).toEqual(['terms/en-us', 'terms/en-us', 'terms/fr-fr']);
    expect(audit[1]).toMatchObject({ actor_name: 'lawboss', before_json: '{"version":1}' });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ version: 2 });
  });

  it('neutralises scripts, raw HTML and dangerous links; off-site links get rel nofollow noopener', async () => {
    const markdown = [
      '# Title',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[bad](javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox)',
      '[home](/books) [mail](mailto:a@example.com) [same](https://ink.example/terms) [other](https://elsewhere.example/x)',
      'Site: {{site_name}}',
    ].join('\n\n');
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/legal/preview',
      headers: authHeader(admin),
      payload: { markdown },
    });
    expect(preview.statusCode).toBe(200);
    const html = preview.json().data.html as string;
    // Raw HTML is shown as text, never run; refused links stay text, never an href.
    expect(html).not.toMatch(/<script|<img|<[a-z]+[^>]*\son\w+=|href="(javascript|vbscript|data):/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<p>&lt;img src=x onerror="alert(2)"&gt;</p>');
    expect(html).toContain('<a href="/books">home</a>');
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(html).toContain('<a href="https://ink.example/terms">same</a>');
    expect(html).toContain('<a href="https://elsewhere.example/x" rel="nofollow noopener">other</a>');
    expect(html).toContain('Site: Inkstream Legal');

    // A site name with markup stays text.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: authHeader(admin),
      payload: { site_name: 'Ink *bold* [x](javascript:y)' },
    });
    const named = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/legal/preview',
      headers: authHeader(admin),
      payload: { markdown: 'By {{site_name}}' },
    });
    expect(named.json().data.html).toBe('<p>By Ink *bold* [x](javascript:y)</p>\n');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: authHeader(admin),
      payload: { site_name: 'Inkstream Legal' },
    });
  });

  it('validates the console API: closed body, length, kind, language, admins only', async () => {
    const reader = await createUser(ctx);
    expect((await publish('terms', 'en-us', 'x', reader)).statusCode).toBe(403);
    expect((await callApi(ctx, 'GET', '/admin/legal', reader)).statusCode).toBe(403);
    expect((await publish('terms', 'en-us', '')).json().code).toBe('VALIDATION_FAILED');
    expect((await publish('terms', 'en-us', 'x'.repeat(100_001))).json().code).toBe('VALIDATION_FAILED');
    expect((await publish('terms', 'en-us', 42)).json().code).toBe('VALIDATION_FAILED');
    expect((await publish('cookies', 'en-us', 'x')).statusCode).toBe(400);
    expect((await publish('terms', 'xx-yy', 'x')).json().code).toBe('INVALID_LANGUAGE');

    const list = (await callApi(ctx, 'GET', '/admin/legal', admin)).json().data.pages as {
      kind: string;
      language: string;
      current_version: number;
      markdown: string;
    }[];
    expect(list).toHaveLength(10);
    const arPrivacy = list.find((p) => p.kind === 'privacy' && p.language === 'ar-sa')!;
    expect(arPrivacy).toMatchObject({ current_version: 0, markdown: DEFAULT_LEGAL_TEXTS['ar-sa'].privacy });
  });

  it('records the versions the registration form showed: absent, stale, unknown, too high', async () => {
    // Privacy: nothing published, version 0 in the reader's language. Terms in French: version 1 (above).
    const absent = newName();
    expect((await register({ username: absent })).statusCode).toBe(201);
    expect(await acceptanceOf(absent)).toMatchObject({
      terms_version: 1,
      terms_language: 'fr-fr',
      privacy_version: 0,
      privacy_language: 'fr-fr',
    });
    expect((await acceptanceOf(absent)).legal_accepted_at).not.toBeNull();

    await publish('terms', 'fr-fr', '# Conditions\n\nVersion deux.');
    const stale = newName();
    expect((await register({ username: stale, terms_version: 1, privacy_version: 0 })).statusCode).toBe(201);
    expect(await acceptanceOf(stale)).toMatchObject({ terms_version: 1, terms_language: 'fr-fr', privacy_version: 0 });

    // English readers: the form showed version 1 of the English terms, now at 2.
    const english = newName();
    expect((await register({ username: english, terms_version: 1 }, 'en-US')).statusCode).toBe(201);
    expect(await acceptanceOf(english)).toMatchObject({ terms_version: 1, terms_language: 'en-us' });

    const tooHigh = newName();
    const refused = await register({ username: tooHigh, terms_version: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'terms_version' }] });
    expect(await ctx.db.selectFrom('users').select('id').where('username', '=', tooHigh).executeTakeFirst()).toBeUndefined();
    expect((await register({ username: newName(), privacy_version: 1 })).json().code).toBe('VALIDATION_FAILED');
    expect((await register({ username: newName(), terms_version: -1 })).json().code).toBe('VALIDATION_FAILED');
    expect((await register({ username: newName(), terms_version: '2' })).json().code).toBe('VALIDATION_FAILED');

    // Spanish has no terms of its own: the English ones (version 2) were shown; 0 means the built-in Spanish text.
    const spanish = newName();
    await register({ username: spanish, terms_version: 0 }, 'es-es');
    expect(await acceptanceOf(spanish)).toMatchObject({ terms_version: 0, terms_language: 'es-es' });
    const spanishNow = newName();
    await register({ username: spanishNow, terms_version: 2 }, 'es-es');
    expect(await acceptanceOf(spanishNow)).toMatchObject({ terms_version: 2, terms_language: 'en-us' });

    // Accounts made without the form (the command line) record nothing.
    const made = await createUser(ctx);
    expect((await acceptanceOf(made.username)).terms_version).toBeNull();
  });
});
