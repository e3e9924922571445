import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_CODE_ID,
  appCodeLoader,
  DEFERRED_LOADER_CSP_SOURCE,
  HELD_INSTALL_PROMPT,
  takeAppCode,
  takeModulePreloads,
} from './deferred-app-code.js';
import { createPageTemplate } from './page-template.js';

const BUILT_HEAD = `<title>T</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">
    <link rel="modulepreload" crossorigin href="/assets/shell-1.js">
    <style>a{}</style>
    <link rel="modulepreload" crossorigin href="/assets/first-en.js" />
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js" />
    <link rel="preload" as="image" href="/media/p.webp" fetchpriority="high" />
  </head>`;

function dataOf(loader: string): { entry: string; preload: string[] } {
  const data = new RegExp(`<script type="application/json" id="${APP_CODE_ID}">([^<]*)</script>`).exec(loader);
  return JSON.parse(data![1]!) as { entry: string; preload: string[] };
}

describe('deferred app code', () => {
  it('takes the entry script and every module preload out, in order and once each, and keeps the rest', () => {
    const { html, entry, preload } = takeAppCode(BUILT_HEAD);
    expect(html).not.toMatch(/<script|modulepreload/);
    expect(html).toContain('<style>a{}</style>');
    expect(html).toContain('<link rel="preload" as="image" href="/media/p.webp" fetchpriority="high" />');
    expect({ entry, preload }).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/vendor-1.js', '/assets/shell-1.js', '/assets/first-en.js'],
    });
    expect(dataOf(appCodeLoader('/assets/index-1.js', ['/a.js', '/b.js', '/a.js']))).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/a.js', '/b.js'],
    });
  });

  it('writes a loader the CSP source allows exactly, and data nothing can close early', () => {
    const loader = appCodeLoader('/assets/index-1.js', ['/assets/</script>.js']);
    const run = [...loader.matchAll(/<script>([^]*?)<\/script>/g)].map((match) => match[1]!);
    expect(run).toHaveLength(1);
    expect(DEFERRED_LOADER_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(run[0]!, 'utf8').digest('base64')}'`);
    expect(dataOf(loader).preload).toEqual(['/assets/</script>.js']);
  });

  it('holds the browser’s install prompt for the app’s code, which may come after it (issue 47)', () => {
    const script = [...appCodeLoader('/assets/index-1.js', []).matchAll(/<script>([^]*?)<\/script>/g)][0]![1]!;
    const listeners = new Map<string, (event: unknown) => void>();
    const window: Record<string, unknown> = {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    };
    // No code block: the loader stops there, but holds the prompt all the same.
    new Function('window', 'document', script)(window, { getElementById: () => null });
    let prevented = false;
    const prompt = { preventDefault: () => (prevented = true) };
    listeners.get('beforeinstallprompt')!(prompt);
    expect(prevented).toBe(true);
    expect(window[HELD_INSTALL_PROMPT]).toBe(prompt);
  });

  it('leaves a page without exactly one entry script as it is', () => {
    const noEntry = '<link rel="modulepreload" href="/a.js" /></head>';
    expect(takeAppCode(noEntry)).toEqual({ html: noEntry, entry: null, preload: [] });
    const twoEntries = '<script type="module" src="/a.js"></script><script type="module" src="/b.js"></script>';
    expect(takeAppCode(twoEntries)).toEqual({ html: twoEntries, entry: null, preload: [] });
    expect(takeModulePreloads('<link rel="preload" as="image" href="/p.webp" />')).toEqual({
      html: '<link rel="preload" as="image" href="/p.webp" />',
      preload: [],
    });
  });

  it('defers the code of a server-rendered page only; the app shell loads it at once', async () => {
    const template = createPageTemplate(path.resolve(import.meta.dirname, '../../../../web/index.html'));
    const image = '<link rel="preload" as="image" href="/p.webp" />';
    const page = {
      head: '<title>T</title>',
      lang: 'en-US',
      dir: 'ltr' as const,
      endOfHead: `<link rel="modulepreload" href="/x.js" />${image}`,
    };
    const shell = await template.render(page);
    expect(shell).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(shell).toContain('<link rel="modulepreload" href="/x.js" />');
    expect(shell).not.toContain(APP_CODE_ID);

    const rendered = await template.render({
      ...page,
      body: { root: '<h1>Books $&</h1>', afterRoot: '<script type="application/json" id="d">{}</script>' },
    });
    expect(rendered).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(rendered).toContain('<div id="root"><h1>Books $&</h1></div>');
    expect(dataOf(rendered)).toEqual({ entry: '/src/main.tsx', preload: ['/x.js'] });
    expect(rendered).toMatch(new RegExp(`${image}\\s*</head>`));
    // After the rendered markup and its data, last in the body.
    expect(rendered.indexOf(APP_CODE_ID)).toBeGreaterThan(rendered.indexOf('id="d"'));
    expect(rendered).toMatch(/<\/script>\s*<\/body>\s*<\/html>\s*$/);
  });
});
