import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInlineStyles } from './inline-styles.js';
import { createPageTemplate } from './page-template.js';

function buildDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'inkstream-inline-styles-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

/** What the browser hashes to check a `<style>` against the CSP: the element's text, as UTF-8. */
const cspHashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const CSS = '.a{color:red}\n.b::after{content:"→"}\n';

describe('inline styles', () => {
  it('replaces a built stylesheet link by its text, allowed by a CSP hash, and keeps a disabled link for the app’s loader', () => {
    const styles = loadInlineStyles(buildDir({ 'assets/page-1.css': CSS, 'assets/app.js': 'x' }));
    const html = styles.inline('<head><link rel="stylesheet" crossorigin href="/assets/page-1.css"></head>');
    const text = /<style>([^]*?)<\/style>/.exec(html)?.[1];
    expect(text).toBe(CSS);
    expect(styles.cspSources).toEqual([cspHashOf(text!)]);
    expect(html).toContain('<link rel="stylesheet" href="/assets/page-1.css" disabled />');
    expect(html).not.toContain('crossorigin');
  });

  it('leaves links it has no copy of: another build’s file, other hosts, other relations', () => {
    const styles = loadInlineStyles(buildDir({ 'assets/page-1.css': CSS }));
    const links = [
      '<link rel="stylesheet" href="/assets/page-2.css" />',
      '<link rel="stylesheet" href="https://cdn.example/assets/page-1.css" />',
      '<link rel="preload" as="style" href="/assets/page-1.css" />',
      '<link rel="modulepreload" href="/assets/page-1.js" />',
    ].join('');
    expect(styles.inline(links)).toBe(links);
  });

  it('never inlines a stylesheet that would close its own element, and has nothing without a build', () => {
    const styles = loadInlineStyles(buildDir({ 'assets/odd.css': '.a{}</style><script>x</script>' }));
    const link = '<link rel="stylesheet" href="/assets/odd.css" />';
    expect(styles.inline(link)).toBe(link);
    expect(styles.cspSources).toEqual([]);
    const none = loadInlineStyles(path.join(tmpdir(), 'inkstream-no-such-build'));
    expect(none.cspSources).toEqual([]);
    expect(none.inline(link)).toBe(link);
  });

  it('writes styles inline in a page with a rendered body only; the app’s shell keeps its links', async () => {
    const dir = buildDir({
      'assets/shell.css': '.shell{}',
      'assets/screen.css': '.screen{}',
      'index.html':
        '<!doctype html><html><head><!--app-head--><title>x</title><!--/app-head--><link rel="stylesheet" crossorigin href="/assets/shell.css"></head><body><div id="root"></div></body></html>',
    });
    const template = createPageTemplate(path.join(dir, 'index.html'), loadInlineStyles(dir));
    const page = {
      head: '<title>T</title>',
      lang: 'en-US',
      dir: 'ltr' as const,
      endOfHead: '<link rel="stylesheet" crossorigin href="/assets/screen.css" />',
    };
    const rendered = await template.render({ ...page, body: { root: '<h1>Books</h1>', afterRoot: '' } });
    expect(rendered).toContain('<style>.shell{}</style>');
    expect(rendered).toContain('<style>.screen{}</style>');
    expect(rendered.indexOf('.shell{}')).toBeLessThan(rendered.indexOf('.screen{}'));
    const shell = await template.render(page);
    expect(shell).not.toContain('<style>');
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/shell.css">');
  });
});
