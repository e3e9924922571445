import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, type SeededRandom } from '../src/lib/seeded-random.js';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { openApiOperations, type OpenApiSchema } from './helpers/openapi-operations.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Walks every operation of the app's own OpenAPI document with hostile input (malformed,
 * oversized, NUL-laden, odd unicode, out-of-range numbers, unknown fields, broken JSON), as a
 * visitor, a logged-in reader and a forged token, and fails on any 5xx or any error outside the
 * `{error, code, details?}` envelope. Seeded: FUZZ_SEED=<n> replays a failing run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS_PER_OPERATION = 24;

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  'İ'.repeat(64),
  'ß'.repeat(200),
  '\u202eevil',
  '😀'.repeat(40),
  '\ud800',
  '\udfff\ud800',
  'x'.repeat(5000),
  '-1',
  '0',
  '2147483648',
  '9223372036854775808',
  '1e300',
  'NaN',
  'Infinity',
  'null',
  'true',
  '../../etc/passwd',
  '%00',
  '%',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '00000000-0000-0000-0000-000000000000',
  'ZH-CN',
  'zh-cn',
  'asc',
  'desc',
];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e300,
  -1e300,
  [],
  {},
  [null],
  { role: 'admin' },
  { $gt: '' },
  ['a', 'b'],
  Array.from({ length: 60 }, () => ({ type: 'start_reading' })),
];

type Schema = OpenApiSchema;

interface Fixtures {
  book: TestBook;
  user: TestUser;
}

/** A value that fits the schema, so hostile values elsewhere get past the first check. */
function plausible(schema: Schema | undefined, random: SeededRandom, fixtures: Fixtures): unknown {
  if (!schema) return random.pick(HOSTILE_STRINGS);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  if (schema.anyOf) return plausible(random.pick(schema.anyOf), random, fixtures);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 0, Math.min(schema.maximum ?? 10, random.pick([0, 1, 3, 10])));
    case 'boolean':
      return random.chance(0.5);
    case 'array':
      return [plausible(schema.items, random, fixtures)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, child]) => [name, plausible(child, random, fixtures)]));
    default:
      if (schema.format === 'uuid') return random.pick([fixtures.book.uuid, fixtures.book.chapters[0]!.uuid, fixtures.user.uuid]);
      if (schema.format === 'date-time') return new Date().toISOString();
      return random.pick(['en-us', 'abc', 'month', 'FREE30']);
  }
}

/** Mostly plausible, often hostile: each field has a fair chance of being attacked. */
function mutate(schema: Schema | undefined, random: SeededRandom, fixtures: Fixtures, depth = 0): unknown {
  if (random.chance(0.35)) return random.chance(0.6) ? random.pick(HOSTILE_STRINGS) : random.pick(HOSTILE_VALUES);
  if (schema?.type === 'object' && depth < 3) {
    const value = Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(() => random.chance(0.85))
        .map(([name, child]) => [name, mutate(child, random, fixtures, depth + 1)]),
    );
    if (random.chance(0.3)) Object.assign(value, { role: 'admin', [random.pick(HOSTILE_STRINGS)]: random.pick(HOSTILE_VALUES) });
    return value;
  }
  if (schema?.type === 'array' && depth < 3)
    return Array.from({ length: random.pick([0, 1, 2, 51]) }, () => mutate(schema.items, random, fixtures, depth + 1));
  return plausible(schema, random, fixtures);
}

/** Percent-encodes a path segment; a lone surrogate goes out as the (invalid UTF-8) bytes a hostile client would send. */
function encodePathPart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `%ED%A0%80${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`;
  }
}

/** WeChat Pay's notification URL answers in WeChat's own protocol (`{code: "FAIL", message}`), by contract. */
const WECHAT_NOTIFY = '/api/v1/payment/wechat/notify';

function expectEnvelope(response: Awaited<ReturnType<TestContext['app']['inject']>>, what: string) {
  expect(response.statusCode, `${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  if (what.includes(` ${WECHAT_NOTIFY}`) && response.json().code === 'FAIL') {
    expect(response.json(), what).toEqual({ code: 'FAIL', message: expect.any(String) });
    return;
  }
  expect(String(response.headers['content-type']), what).toContain('application/json');
  const body = response.json() as Record<string, unknown>;
  expect(typeof body.error, `${what}: ${response.body.slice(0, 300)}`).toBe('string');
  expect(typeof body.code, `${what}: ${response.body.slice(0, 300)}`).toBe('string');
  expect(
    Object.keys(body).every((key) => ['error', 'code', 'details', 'message'].includes(key)),
    `${what}: ${response.body.slice(0, 300)}`,
  ).toBe(true);
  expect(body).not.toHaveProperty('data');
}

/** The site's page routes (apps/web router) and the other paths outside the API, `{book}`/`{chapter}` filled in. */
const PAGE_PATHS = [
  '/',
  '/books',
  '/book/chapters/{book}',
  '/reader/book/chapter/{book}/{chapter}/1',
  '/login',
  '/register',
  '/profile',
  '/library',
  '/contact-us',
  '/admin',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
  '/manifest.ar-sa.webmanifest',
  '/media/covers/{book}/x.webp',
  '/healthz',
  '/readyz',
  '/api/v1/comics/chapters/{book}/en-us/asc/0/10',
];
/** Ways a URL is bent by scanners and broken clients: doubled slashes, bad escapes, traversal, overlong UTF-8, odd queries. */
const URL_BENDS: ((path: string, random: SeededRandom) => string)[] = [
  (path) => `/${path}`,
  (path) => `//${path}`,
  (path) => `${path}/%zz`,
  (path) => `${path}%`,
  (path) => path.replace(/\/[^/]*$/, '/%E0%A4%A'),
  (path) => `${path}%C0%AF..%C0%AF`,
  (path) => `${path}/..%2F..%2Fetc%2Fpasswd`,
  (path) => `${path}%00`,
  (path) => path.replace('/', '/./'),
  (path) => `${path}/${'x'.repeat(3000)}`,
  (path) => `${path}/`,
  (path, random) => `${path}?lang=${encodePathPart(random.pick(HOSTILE_STRINGS))}`,
  (path, random) => `${path}?${random.pick(['%zz', '=&=', 'lang=%', 'a=%ED%A0%80', `invite_code=${'%2F'.repeat(50)}`])}`,
  (path, random) => path.replace(/[^/]+$/, encodePathPart(random.pick(HOSTILE_STRINGS))),
  (path) => path.replace(/^\//, '/%2F'),
  (path) => path.toUpperCase(),
];
const PAGE_REQUESTS = 400;

describe(`fuzzing every OpenAPI operation on ${TEST_DIALECT} (FUZZ_SEED=${SEED})`, () => {
  let ctx: TestContext;
  let fixtures: Fixtures;
  // The console's calls refuse everyone else at the door: most of their requests come as an administrator.
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    fixtures = { book: await createBook(ctx, { chapters: 3, freeChapters: 1 }), user: await createUser(ctx) };
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  it('never answers 5xx, and every error is in the envelope', async () => {
    const random = seededRandom(SEED);
    const operations = openApiOperations(ctx);
    expect(operations.length).toBeGreaterThan(15);
    let sent = 0;
    for (const { path, method, operation } of operations) {
      for (let round = 0; round < REQUESTS_PER_OPERATION; round += 1) {
        const parameters = operation.parameters ?? [];
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
          const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
          return encodePathPart(String(mutate(schema, random, fixtures)));
        });
        const query = new URLSearchParams();
        for (const parameter of parameters.filter((p) => p.in === 'query')) {
          if (random.chance(0.8)) query.set(parameter.name, String(mutate(parameter.schema, random, fixtures)));
        }
        if (random.chance(0.2)) query.set(random.pick(HOSTILE_STRINGS), random.pick(HOSTILE_STRINGS));
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const asAdmin = path.startsWith('/api/v1/admin/') && random.chance(0.75);
        const headers: Record<string, string> = asAdmin
          ? authHeader(admin)
          : random.pick<Record<string, string>>([
              {},
              authHeader(fixtures.user),
              { authorization: `Token ${random.pick(HOSTILE_STRINGS).replace(/[^\x20-\x7e]/g, '')}` },
              { 'x-visitor-id': random.pick(['0123abcd', 'ZZZZ', '']) },
            ]);
        let payload: string | undefined;
        if (method !== 'GET' && method !== 'HEAD') {
          headers['content-type'] = 'application/json';
          payload = random.chance(0.1)
            ? random.pick(['{', '{"a":', '[1,', 'nul', '"\\ud800"', '{"a":1}}'])
            : JSON.stringify(mutate(bodySchema ?? { type: 'object' }, random, fixtures) ?? null);
        }
        const target = `/api/v1${url.startsWith('/api/v1') ? url.slice(7) : url}${query.size ? `?${query}` : ''}`;
        const response = await ctx.app.inject({
          method: method as 'GET',
          url: target,
          headers,
          payload,
          remoteAddress: `10.${random.pick([1, 2, 3])}.${round}.${sent % 250}`,
        });
        expectEnvelope(response, `${method} ${target.slice(0, 300)} ${payload?.slice(0, 200) ?? ''}`);
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThanOrEqual(300);
    // Bounded in count, not time: ~10 s on an idle 2-core machine, nearer 30 s while it is busy.
  }, 120_000);

  it('never answers 5xx to a bent page path or malformed URL, and every answer carries the security headers', async () => {
    const random = seededRandom(SEED);
    const started = Date.now();
    let sent = 0;
    // Bounded in count and time: the page paths render real pages.
    while (sent < PAGE_REQUESTS && Date.now() - started < 15_000) {
      const path = random.pick(PAGE_PATHS).replace('{book}', fixtures.book.uuid).replace('{chapter}', fixtures.book.chapters[0]!.uuid);
      let url = random.pick(URL_BENDS)(path, random);
      if (random.chance(0.3)) url = random.pick(URL_BENDS)(url, random);
      const response = await ctx.app.inject({
        method: random.pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS'] as const),
        url,
        headers: random.pick<Record<string, string>>([{}, { 'accept-language': 'ar-SA' }, { cookie: 'inkstream-language=%zz' }]),
        remoteAddress: `10.9.${sent % 250}.1`,
      });
      const what = `${response.statusCode} for ${url.slice(0, 200)}: ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBeLessThan(500);
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      // Images, scripts, styles and fonts are never a document, so they go without the
      // document-only headers; every other answer (HTML, JSON, XML, text: a media refusal too)
      // carries a policy that refuses framing.
      if (!/^(?:image\/(?!svg)|font\/|text\/css|(?:text|application)\/javascript)/.test(String(response.headers['content-type']))) {
        expect(String(response.headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
        expect(response.headers['x-frame-options'], what).toBe('DENY');
      }
      sent += 1;
    }
    expect(sent).toBeGreaterThanOrEqual(100);
  }, 60_000);
});
