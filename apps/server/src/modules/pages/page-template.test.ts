import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageTemplate, splitTemplate } from './page-template.js';

const webDir = path.resolve(import.meta.dirname, '../../../../web');

describe('page template', () => {
  it.each(['index.html', 'placeholder/index.html'])('finds the head block of apps/web/%s', async (file) => {
    const template = createPageTemplate(path.join(webDir, file));
    const html = await template.render({ head: '<title>T</title>', lang: 'ar-SA', dir: 'rtl' });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>T</title>');
    expect(html).not.toContain('<meta name="description"');
    expect(html).toMatch(/^<!doctype html>\s*<html lang="ar-SA" dir="rtl">/);
    expect(html).toContain('</body>');
    expect(readFileSync(path.join(webDir, file), 'utf8')).toContain('<!--/app-head-->');
  });

  it('keeps other attributes of <html> and without markers replaces the title and goes before </head>', () => {
    const parts = splitTemplate(
      '<!doctype html><html class="x" lang=\'en\' dir=ltr><head><title>Old</title><meta name="description" content="d" /></head><body></body></html>',
    );
    expect(parts.htmlAttributes).toBe(' class="x"');
    expect(parts.beforeHead).toBe('<head>');
    expect(parts.afterHead).toBe('</head><body></body></html>');
  });

  it('puts the end-of-head tags after the head block and the built tags, just before </head>', async () => {
    const template = createPageTemplate(path.join(webDir, 'index.html'));
    const html = await template.render({
      head: '<title>T</title>',
      lang: 'en-US',
      dir: 'ltr',
      endOfHead: '<link rel="modulepreload" href="/x.js" />',
    });
    expect(html).toMatch(/<!--\/app-head-->[^]*<link rel="modulepreload" href="\/x\.js" \/>\s*<\/head>/);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});
