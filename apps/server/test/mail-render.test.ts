import { existsSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@inkstream/contracts';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS } from '../src/modules/mail/mail-kinds.js';
import { createMailRenderer, mailFilesDir, templateKeys } from '../src/modules/mail/mail-render.js';

const fixtures = path.join(import.meta.dirname, 'fixtures/mail');
const renderer = createMailRenderer({ templates: path.join(fixtures, 'templates'), locales: path.join(fixtures, 'locales') });

describe('mail renderer', () => {
  it('fills in values, escapes them in the HTML, and builds text and HTML from the same blocks', async () => {
    const mail = await renderer.render({
      kind: 'password-reset',
      language: 'en-us',
      data: { username: '<b>ann</b> & "co"', reset_url: 'https://read.example.com/reset-password?token=abc&x=1' },
      siteName: 'Ink & Paper',
    });
    expect(mail.subject).toBe('Reset your Ink & Paper password');
    expect(mail.html).toContain('Hello &lt;b&gt;ann&lt;/b&gt; &amp; &quot;co&quot;,');
    expect(mail.html).not.toContain('<b>ann</b>');
    expect(mail.html).toContain('href="https://read.example.com/reset-password?token=abc&amp;x=1"');
    expect(mail.html).toContain('Ink &amp; Paper');
    expect(mail.html).toContain('lang="en-us"');
    expect(mail.html).not.toContain('dir="rtl"');
    expect(mail.text).toContain('Hello <b>ann</b> & "co",');
    expect(mail.text).toContain('https://read.example.com/reset-password?token=abc&x=1');
    expect(mail.text).toContain('Account: <b>ann</b>');
  });

  it('uses inline styles only: no <style>, no stylesheet, no remote image, no script', async () => {
    const mail = await renderer.render({
      kind: 'password-reset',
      language: 'fr-fr',
      data: { username: 'a', reset_url: 'https://x.example/r' },
      siteName: 'S',
    });
    expect(mail.html).not.toMatch(/<style|<link|<img|<script|url\(/i);
  });

  it('writes Arabic right to left', async () => {
    const mail = await renderer.render({
      kind: 'password-reset',
      language: 'ar-sa',
      data: { username: 'ليلى', reset_url: 'https://x.example/r' },
      siteName: 'S',
    });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور S');
  });

  it('falls back to en-us for a string a language lacks', async () => {
    const mail = await renderer.render({
      kind: 'membership-reminder',
      language: 'ar-sa',
      data: { ends_on: '2026-12-01', books: [{ title: 'Book <1>', items: ['Chapter 2'], href: 'https://x.example/b/1' }] },
      siteName: 'S',
      unsubscribeUrl: 'https://x.example/unsubscribe?token=t',
    });
    expect(mail.html).toContain('Books you follow');
    expect(mail.html).toContain('Book &lt;1&gt;');
    expect(mail.html).toContain('href="https://x.example/unsubscribe?token=t"');
    expect(mail.text).toContain('https://x.example/unsubscribe?token=t');
  });

  it('never puts a line break in the subject, whatever the values hold', async () => {
    const mail = await renderer.render({
      kind: 'password-reset',
      language: 'en-us',
      data: {},
      siteName: 'Evil\r\nBcc: victim@example.com',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('refuses an unknown kind', async () => {
    await expect(renderer.render({ kind: 'nope', language: 'en-us', data: {}, siteName: 'S' })).rejects.toThrow(/no mail template/);
    await expect(renderer.render({ kind: '../../etc/passwd', language: 'en-us', data: {}, siteName: 'S' })).rejects.toThrow();
  });
});

// Every real template (the other parts of issue 28 add them): its strings exist in all five
// languages, and it renders in each.
describe('the templates of modules/mail', () => {
  const real = createMailRenderer();
  const withFile = MAIL_KINDS.filter((kind) => existsSync(path.join(mailFilesDir().templates.replace(/dist/, 'src'), `${kind}.ts`)));
  it.each(withFile.length ? withFile : ['(none yet)'])('%s has every string in every language and renders', async (kind) => {
    if (kind === '(none yet)') return;
    const template = await real.template(kind);
    expect(template).not.toBeNull();
    for (const language of LANGUAGES) {
      const words = real.words(kind, language);
      const missing = templateKeys(template!).filter((key) => typeof words[key] !== 'string' || words[key] === '');
      expect({ kind, language, missing }).toEqual({ kind, language, missing: [] });
      const mail = await real.render({ kind, language, data: {}, siteName: 'Inkstream' });
      expect(mail.subject.length).toBeGreaterThan(0);
      if (language === 'ar-sa') expect(mail.html).toContain('dir="rtl"');
    }
  });
});
