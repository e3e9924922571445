import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * The values an operator changes elsewhere (site settings) that a legal text names: written in
 * the Markdown as `{{site_name}}`, `{{contact_email}}`, `{{retention_visitor_days}}`, … and filled
 * at render, so a text stays right when a setting changes (docs/ADMIN.md "Legal pages").
 */
export type LegalPlaceholders = Readonly<Record<string, string | number>>;

// Raw HTML in the Markdown is shown as text (html: false), bare addresses stay text (linkify off:
// only links the author wrote are links), and markdown-it refuses javascript:, vbscript:, file:
// and data: links itself. sanitize-html then has the last word on what reaches a reader's page.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** A placeholder's value as Markdown text: every ASCII punctuation mark escaped, so a site name can never become markup. */
const asMarkdownText = (value: string | number) => String(value).replace(/[!-/:-@[-`{-~]/g, (mark) => `\\${mark}`);

/** Fills `{{name}}` with the named value; unknown names stay as they are (the preview shows the mistake). */
export function fillPlaceholders(text: string, values: LegalPlaceholders): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? asMarkdownText(values[name]!) : whole,
  );
}

/** Whether a link leaves the site: anything but a path on it, a fragment, or mail. */
function isExternal(href: string, publicOrigin: string): boolean {
  if (href.startsWith('#') || href.startsWith('mailto:')) return false;
  if (href.startsWith('/') && !href.startsWith('//')) return false;
  try {
    return new URL(href).origin !== publicOrigin;
  } catch {
    return true;
  }
}

/**
 * A legal text as the HTML a page shows: Markdown with the placeholders filled, then sanitised.
 * The page's own title is its `<h1>`, so a `#` heading of the text becomes an `<h2>`. Links keep
 * only http(s), mailto and the site's own paths; a link off the site gets rel="nofollow noopener".
 */
export function renderLegalMarkdown(text: string, values: LegalPlaceholders, publicOrigin: string): string {
  const html = markdown.render(fillPlaceholders(text, values));
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'rel'], th: ['align', 'style'], td: ['align', 'style'] },
    allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      h1: 'h2',
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const kept: Record<string, string> = {};
        if (href !== '') kept.href = href;
        if (href !== '' && isExternal(href, publicOrigin)) kept.rel = 'nofollow noopener';
        return { tagName, attribs: kept };
      },
    },
  });
}
