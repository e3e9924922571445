import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LANGUAGE, type Language } from '@inkstream/contracts';
import type { MailBlock, MailTemplate, MailValue } from './mail-template.js';
import { escapeHtml } from '../../lib/html-escape.js';

/** What a message is made of once rendered: the transports put it into a MIME message. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderInput {
  kind: string;
  language: Language;
  data: Record<string, MailValue>;
  /** The current site name (site settings). */
  siteName: string;
  /** The web page a reader leaves the list on (`/unsubscribe?token=…`); set for list messages only. */
  unsubscribeUrl?: string | null;
}

/** The site's colours (apps/web/src/styles/global.css), inline: mail clients drop <style> and remote CSS. */
export const MAIL_COLOURS = {
  primary: '#5b3fd6',
  primaryContrast: '#ffffff',
  text: '#1c1a2b',
  muted: '#5d5a72',
  bg: '#f6f5fb',
  border: '#e2e0ee',
};

/** Words in the layout itself, beside each template's own strings. */
const LAYOUT_WORDS: Record<Language, { unsubscribe: string; linkHint: string }> = {
  'en-us': { unsubscribe: 'Unsubscribe from these e-mails', linkHint: 'If the button does not work, open this link:' },
  'zh-cn': { unsubscribe: '退订此类邮件', linkHint: '如果按钮无法使用，请打开此链接：' },
  'fr-fr': { unsubscribe: 'Se désabonner de ces e-mails', linkHint: 'Si le bouton ne fonctionne pas, ouvrez ce lien :' },
  'es-es': { unsubscribe: 'Darse de baja de estos correos', linkHint: 'Si el botón no funciona, abre este enlace:' },
  'ar-sa': { unsubscribe: 'إلغاء الاشتراك في هذه الرسائل', linkHint: 'إذا لم يعمل الزر، افتح هذا الرابط:' },
};

const here = import.meta.dirname;

/**
 * Where templates/ and locales/ are. From the sources (tests, tsx) they sit beside this file; from
 * apps/server/dist tsc has compiled templates/*.ts beside it, but it does not copy the JSON files,
 * so the words are read from the sources (apps/server/src/modules/mail/locales), which ship with
 * the build.
 */
export function mailFilesDir(): { templates: string; locales: string } {
  const besideLocales = path.join(here, 'locales');
  const sourceLocales = path.resolve(here, '../../../src/modules/mail/locales');
  return { templates: path.join(here, 'templates'), locales: existsSync(besideLocales) ? besideLocales : sourceLocales };
}

export interface MailRenderer {
  render(input: RenderInput): Promise<RenderedMail>;
  /** The template of a kind, or null when there is no file for it. */
  template(kind: string): Promise<MailTemplate | null>;
  /** The strings of a kind in a language (no fallback): {} when the file is missing. */
  words(kind: string, language: Language): Record<string, string>;
}

/** Builds a renderer over a folder of templates and locales (tests point it at fixtures). */
export function createMailRenderer(dirs: { templates: string; locales: string } = mailFilesDir()): MailRenderer {
  const templates = new Map<string, Promise<MailTemplate | null>>();
  const words = new Map<string, Record<string, string>>();

  function templateOf(kind: string): Promise<MailTemplate | null> {
    if (!/^[a-z0-9-]+$/.test(kind)) return Promise.resolve(null);
    let loaded = templates.get(kind);
    if (!loaded) {
      const base = path.join(dirs.templates, kind);
      const file = [`${base}.js`, `${base}.ts`].find((candidate) => existsSync(candidate));
      loaded = file ? import(pathToFileURL(file).href).then((module: { default: MailTemplate }) => module.default) : Promise.resolve(null);
      templates.set(kind, loaded);
    }
    return loaded;
  }

  function wordsOf(kind: string, language: Language): Record<string, string> {
    const key = `${language}/${kind}`;
    let found = words.get(key);
    if (!found) {
      const file = path.join(dirs.locales, language, `${kind}.json`);
      found = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
      words.set(key, found);
    }
    return found;
  }

  async function render(input: RenderInput): Promise<RenderedMail> {
    const template = await templateOf(input.kind);
    if (!template) throw new Error(`no mail template for kind "${input.kind}"`);
    const own = wordsOf(input.kind, input.language);
    const fallback = wordsOf(input.kind, DEFAULT_LANGUAGE);
    const values: Record<string, MailValue> = { site_name: input.siteName, ...input.data };
    /** A string with its placeholders filled in; `escape` for the HTML part. */
    const say = (key: string, escape: (value: string) => string) => {
      const pattern = own[key] ?? fallback[key] ?? key;
      return escape(pattern).replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/gi, (_, name: string) => {
        const value = values[name];
        return typeof value === 'string' || typeof value === 'number' ? escape(String(value)) : '';
      });
    };
    const plain = (value: string) => value;
    const layout = LAYOUT_WORDS[input.language] ?? LAYOUT_WORDS[DEFAULT_LANGUAGE];
    const rtl = input.language === 'ar-sa';
    const c = MAIL_COLOURS;

    const subject = say(template.subject, plain)
      .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
      .trim()
      .slice(0, 250);
    const htmlParts: string[] = [];
    const textParts: string[] = [];
    if (template.greeting) {
      htmlParts.push(`<p style="margin:0 0 16px">${say(template.greeting, escapeHtml)}</p>`);
      textParts.push(say(template.greeting, plain));
    }
    for (const block of template.body) renderBlock(block);
    if (template.footer) {
      htmlParts.push(`<p style="margin:24px 0 0;color:${c.muted};font-size:13px">${say(template.footer, escapeHtml)}</p>`);
      textParts.push(`--\n${say(template.footer, plain)}`);
    }
    if (input.unsubscribeUrl) {
      htmlParts.push(
        `<p style="margin:8px 0 0;font-size:13px"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:${c.muted}">${escapeHtml(layout.unsubscribe)}</a></p>`,
      );
      textParts.push(`${layout.unsubscribe}: ${input.unsubscribeUrl}`);
    }

    function renderBlock(block: MailBlock) {
      if ('paragraph' in block) {
        htmlParts.push(`<p style="margin:0 0 16px">${say(block.paragraph, escapeHtml)}</p>`);
        textParts.push(say(block.paragraph, plain));
      } else if ('button' in block) {
        const href = values[block.href];
        if (typeof href !== 'string' || !/^https?:\/\//.test(href)) return;
        htmlParts.push(
          `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${c.primary};color:${c.primaryContrast};text-decoration:none;font-weight:bold">${say(block.button, escapeHtml)}</a></p>` +
            `<p style="margin:0 0 16px;font-size:13px;color:${c.muted}">${escapeHtml(layout.linkHint)}<br><a href="${escapeHtml(href)}" style="color:${c.primary};word-break:break-all">${escapeHtml(href)}</a></p>`,
        );
        textParts.push(`${say(block.button, plain)}:\n${href}`);
      } else if ('rows' in block) {
        const rows = block.rows.filter(([, field]) => typeof values[field] === 'string' || typeof values[field] === 'number');
        if (rows.length === 0) return;
        htmlParts.push(
          `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${rows
            .map(
              ([label, field]) =>
                `<tr><td style="padding:6px 0;color:${c.muted};border-bottom:1px solid ${c.border}">${say(label, escapeHtml)}</td>` +
                `<td style="padding:6px 0;text-align:${rtl ? 'left' : 'right'};border-bottom:1px solid ${c.border}">${escapeHtml(String(values[field] as string | number))}</td></tr>`,
            )
            .join('')}</table>`,
        );
        textParts.push(rows.map(([label, field]) => `${say(label, plain)}: ${String(values[field] as string | number)}`).join('\n'));
      } else {
        const value = values[block.list];
        if (typeof value !== 'object' || value.length === 0) return;
        const items: Exclude<MailValue, string | number> = value;
        const heading = block.heading ? say(block.heading, escapeHtml) : null;
        if (heading) htmlParts.push(`<h2 style="font-size:16px;margin:16px 0 8px">${heading}</h2>`);
        if (block.heading) textParts.push(say(block.heading, plain));
        for (const group of items) {
          const title =
            group.href && /^https?:\/\//.test(group.href)
              ? `<a href="${escapeHtml(group.href)}" style="color:${c.primary}">${escapeHtml(group.title)}</a>`
              : escapeHtml(group.title);
          htmlParts.push(
            `<p style="margin:12px 0 4px;font-weight:bold">${title}</p><ul style="margin:0 0 8px;padding-${rtl ? 'right' : 'left'}:20px">${group.items
              .map((item) => `<li>${escapeHtml(item)}</li>`)
              .join('')}</ul>`,
          );
          textParts.push([`${group.title}${group.href ? ` (${group.href})` : ''}`, ...group.items.map((item) => `  - ${item}`)].join('\n'));
        }
      }
    }

    const siteName = escapeHtml(input.siteName);
    const html =
      `<!doctype html><html lang="${input.language === 'ar-sa' ? 'ar' : input.language}"${rtl ? ' dir="rtl"' : ''}>` +
      `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
      `<body style="margin:0;padding:0;background:${c.bg}">` +
      `<div${rtl ? ' dir="rtl"' : ''} style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','PingFang SC','Microsoft YaHei',sans-serif;font-size:15px;line-height:1.6;color:${c.text};text-align:${rtl ? 'right' : 'left'}">` +
      `<div style="font-size:20px;font-weight:bold;color:${c.primary};margin:0 0 16px">${siteName}</div>` +
      `<div style="background:#ffffff;border:1px solid ${c.border};border-radius:8px;padding:24px">${htmlParts.join('')}</div>` +
      `</div></body></html>`;
    const text = `${input.siteName}\n\n${textParts.join('\n\n')}\n`;
    return { subject, html, text };
  }

  return { render, template: templateOf, words: wordsOf };
}

/** The string keys a template uses (subject, greeting, footer, every block's labels). */
export function templateKeys(template: MailTemplate): string[] {
  const keys = [template.subject, template.greeting, template.footer];
  for (const block of template.body) {
    if ('paragraph' in block) keys.push(block.paragraph);
    else if ('button' in block) keys.push(block.button);
    else if ('rows' in block) keys.push(...block.rows.map(([label]) => label));
    else keys.push(block.heading);
  }
  return keys.filter((key): key is string => typeof key === 'string');
}
