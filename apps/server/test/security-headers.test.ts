import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createUser } from './helpers/factories.js';
import { makeFeedKey } from './helpers/feed-keys.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

const STRIPE_ENV = {
  STRIPE_WEBHOOK_SECRET: 'whsec_test_security_headers',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_inkstream',
  STRIPE_BUY_BUTTON_MONTH: 'buy_btn_test_month',
  STRIPE_BUY_BUTTON_SEASON: 'buy_btn_test_season',
  STRIPE_PAYMENT_LINK_MONTH: 'plink_test_month',
  STRIPE_PAYMENT_LINK_SEASON: 'plink_test_season',
};

/** The CSP header as a map of directive name to its sources. */
function directives(header: unknown): Map<string, string[]> {
  const entries = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0]);
  return new Map(entries.map(([name, ...sources]) => [name!, sources]));
}

describe('security headers on a plain http site without Stripe', () => {
  let ctx: TestContext;
  let coverUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const book = await createBook(ctx);
    const search = await ctx.app.inject({ url: `/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/10` });
    coverUrl = search.json().data.result.cover_image;
  });
  afterAll(() => ctx.close());

  const responses = () => ({
    html: ctx.app.inject({ url: '/' }),
    api: ctx.app.inject({ url: '/api/v1/reader/book/tags' }),
    apiError: ctx.app.inject({ url: '/api/v1/no/such/route' }),
    staticFile: ctx.app.inject({ url: '/manifest.webmanifest' }),
    serviceWorker: ctx.app.inject({ url: '/sw.js' }),
    media: ctx.app.inject({ url: coverUrl }),
  });
  // Answers that are never a document: a static image and a media file.
  const subresources = () => ({
    staticImage: ctx.app.inject({ url: '/icons/icon-192.png' }),
    media: ctx.app.inject({ url: coverUrl }),
  });

  it('sends nosniff, the referrer policy and refuses framing on HTML, API, errors and documents among static files', async () => {
    const { media: _media, ...documents } = responses();
    for (const [kind, pending] of Object.entries(documents)) {
      const response = await pending;
      expect(response.statusCode, kind).toBeLessThan(500);
      expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(response.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], kind).toBe('DENY');
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors'), kind).toEqual(["'none'"]);
      // HSTS over plain http would be ignored by browsers and wrong on localhost.
      expect(response.headers['strict-transport-security'], kind).toBeUndefined();
    }
  });

  it('sends images, scripts and media without the headers only documents act on, keeping nosniff and the referrer policy', async () => {
    for (const [kind, pending] of Object.entries(subresources())) {
      const response = await pending;
      expect(response.statusCode, kind).toBeLessThan(500);
      expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(response.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-resource-policy'], kind).toBeDefined();
      for (const documentOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection']) {
        expect(response.headers[documentOnly], `${kind}: ${documentOnly}`).toBeUndefined();
      }
    }
    expect((await subresources().staticImage).headers['content-type']).toBe('image/png');
  });

  it('answers the API with the short policy advised for APIs: nothing may load, nothing may frame it', async () => {
    const response = await responses().api;
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // A page keeps the site's full policy.
    expect(String((await responses().html).headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('gives every answer that is data, wherever it was asked, the API policy, X-Frame-Options and nosniff (issue 40)', async () => {
    // Issue 40: OPDS XML and JSON and unknown /api paths carried the page policy; a media refusal
    // (JSON) had no policy and no X-Frame-Options. What the answer is decides, not its path.
    const { key } = await makeFeedKey(ctx, await createUser(ctx));
    const answers = {
      opdsXml: ctx.app.inject({ url: `/opds/key/${key}/v1.2/catalog` }),
      opdsJson: ctx.app.inject({ url: `/opds/key/${key}/v2/catalog` }),
      opdsRefused: ctx.app.inject({ url: '/opds/v1.2/catalog' }),
      unknownApi: ctx.app.inject({ url: '/api/v1/no/such/route' }),
      unknownApiPost: ctx.app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} }),
      mediaRefused: ctx.app.inject({ url: '/media/pages/no-such-book/page.webp' }),
      robots: ctx.app.inject({ url: '/robots.txt' }),
    };
    const types: string[] = [];
    for (const [kind, pending] of Object.entries(answers)) {
      const response = await pending;
      expect(response.statusCode, kind).toBeLessThan(500);
      types.push(String(response.headers['content-type']).split(';')[0]!);
      expect(String(response.headers['content-type']), kind).not.toMatch(/html/);
      expect(response.headers['content-security-policy'], `${kind} ${response.headers['content-type']}`).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-frame-options'], kind).toBe('DENY');
      expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
    }
    expect(types).toEqual(expect.arrayContaining(['application/atom+xml', 'application/opds+json', 'application/json', 'text/plain']));
    // And an HTML answer keeps the page's policy, where it was asked too.
    const page = await ctx.app.inject({ url: '/no/such/page' });
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('allows scripts from our own origin only, and no Stripe host', async () => {
    const csp = directives((await ctx.app.inject({ url: '/' })).headers['content-security-policy']);
    // Plus two inline scripts by their hashes: the image hold and the code loader of server-rendered pages (next test).
    const hash = expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp.get('script-src')).toEqual(["'self'", hash, hash]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(String(csp.get('img-src'))).not.toContain('stripe');
    // Style attributes inline (server-rendered markup); <style> elements only those of the build,
    // each allowed by its hash (modules/pages/inline-styles.ts); scripts only as the test above says.
    const [self, ...hashes] = csp.get('style-src') ?? [];
    expect(self).toBe("'self'");
    for (const hash of hashes) expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect([...csp.entries()].filter(([name]) => name !== 'style-src-attr').flatMap(([, values]) => values)).not.toContain(
      "'unsafe-inline'",
    );
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it('allows each <style> a server-rendered page carries by its hash, as the browser checks it', async () => {
    const response = await ctx.app.inject({ url: '/' });
    const allowed = directives(response.headers['content-security-policy']).get('style-src') ?? [];
    const styles = [...response.body.matchAll(/<style>([^]*?)<\/style>/g)].map((match) => match[1]!);
    // `npm test` builds the web app first: the book list is server-rendered with the build's styles.
    expect(styles.length).toBeGreaterThan(0);
    for (const text of styles) expect(allowed).toContain(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    expect(response.body).not.toMatch(/<link rel="stylesheet" crossorigin/);
  });

  it('allows the two inline scripts a server-rendered page carries by their hashes, as the browser checks them', async () => {
    const response = await ctx.app.inject({ url: '/' });
    const allowed = directives(response.headers['content-security-policy']).get('script-src') ?? [];
    // Scripts the browser runs: neither a src nor a data type (the JSON blocks are never run).
    const inline = [...response.body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([^]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(2);
    for (const text of inline) expect(allowed).toContain(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  });

  it('lets other origins (a CDN host) embed media, and nothing else', async () => {
    expect((await responses().media).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await responses().api).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('security headers on an https site with Stripe and a media CDN', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      ...STRIPE_ENV,
      PUBLIC_URL: 'https://read.example.com',
      MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.net/media',
    });
  });
  afterAll(() => ctx.close());

  it('adds Stripe’s script and frame hosts, the media CDN and HSTS', async () => {
    const response = await ctx.app.inject({ url: '/' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'sha256-/),
      expect.stringMatching(/^'sha256-/),
      'https://js.stripe.com',
    ]);
    expect(csp.get('frame-src')).toContain('https://js.stripe.com');
    expect(csp.get('img-src')).toContain('https://cdn.example.net');
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
