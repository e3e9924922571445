import { DEFAULT_LANGUAGE, normalizeLanguage } from '@inkstream/contracts';
import { createMailRenderer } from '../../mail/mail-render.js';
import type { MailSubject } from './export-snapshot.js';

/**
 * A queued message's subject as it was sent: the mail module's words for the kind, in the message's
 * language, with the values it was queued with (a field erased after sending leaves its place
 * empty). A kind without words (retired) is named by its kind.
 */
export function createMailSubjects(siteName: string): MailSubject {
  const renderer = createMailRenderer();
  return (kind, language, data) => {
    const lang = normalizeLanguage(language) ?? DEFAULT_LANGUAGE;
    const pattern = renderer.words(kind, lang).subject ?? renderer.words(kind, DEFAULT_LANGUAGE).subject;
    if (pattern === undefined) return kind;
    const values: Record<string, unknown> = { site_name: siteName, ...data };
    return pattern
      .replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/gi, (_, name: string) => {
        const value = values[name];
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      })
      .replace(/[\r\n\t]+/g, ' ')
      .trim();
  };
}
