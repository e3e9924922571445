import { readFileSync } from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(import.meta.dirname, '../../../apps/web/src/i18n/locales');

/** One of the app's own locale files (`comments.json`, `admin/admin-moderation.json`, …) in a language. */
export const localeFile = (language: string, file: string) => JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8'));

/** A translation with its {{values}} filled in, as the app's translator does. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!);
