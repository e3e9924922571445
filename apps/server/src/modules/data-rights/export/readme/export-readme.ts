import type { Language } from '@inkstream/contracts';
import { arSa } from './ar-sa.js';
import { enUs } from './en-us.js';
import { esEs } from './es-es.js';
import { frFr } from './fr-fr.js';
import { ARCHIVE_FILE_NAMES, GLOSSARY_KEYS, type ReadmeWords } from './readme-words.js';
import { zhCn } from './zh-cn.js';

/** Every language the site speaks has its README (a missing one fails to compile). */
export const README_WORDS: Record<Language, ReadmeWords> = {
  'en-us': enUs,
  'zh-cn': zhCn,
  'fr-fr': frFr,
  'es-es': esEs,
  'ar-sa': arSa,
};

/**
 * README.txt in the reader's language: what each file holds, then a glossary of the keys. CRLF
 * and a UTF-8 byte order mark, so that Notepad on a Chinese or Arabic Windows does not read the
 * text in the system's legacy code page.
 */
export function readmeText(language: Language, takenAt: number): string {
  const words = README_WORDS[language];
  const underline = (heading: string, mark: string) => [heading, mark.repeat(Math.max(3, [...heading].length))];
  const lines = [
    ...underline(words.title, '='),
    '',
    ...words.intro(new Date(takenAt).toISOString()),
    '',
    ...underline(words.filesHeading, '-'),
    ...ARCHIVE_FILE_NAMES.flatMap((name) => [name, `    ${words.files[name]}`]),
    '',
    ...underline(words.glossaryHeading, '-'),
    ...words.glossaryIntro,
    '',
    ...GLOSSARY_KEYS.flatMap((key) => [key, `    ${words.glossary[key]}`]),
    '',
    words.closing,
  ];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
