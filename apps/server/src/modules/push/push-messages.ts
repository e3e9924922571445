import type { Language } from '@inkstream/contracts';

/** The notice's text per language: one new chapter, or several. */
const NEW_CHAPTERS: Record<Language, (first: number, count: number) => string> = {
  'en-us': (first, count) => (count === 1 ? `Chapter ${first} is out` : `${count} new chapters, from chapter ${first}`),
  'zh-cn': (first, count) => (count === 1 ? `第${first}话更新了` : `更新了${count}话，从第${first}话开始`),
  'fr-fr': (first, count) =>
    count === 1 ? `Le chapitre ${first} est sorti` : `${count} nouveaux chapitres, à partir du chapitre ${first}`,
  'es-es': (first, count) => (count === 1 ? `Ya está el capítulo ${first}` : `${count} capítulos nuevos, desde el capítulo ${first}`),
  'ar-sa': (first, count) => (count === 1 ? `صدر الفصل ${first}` : `${count} فصول جديدة، بدءًا من الفصل ${first}`),
};

export function newChaptersText(language: Language, firstNumber: number, count: number): string {
  return NEW_CHAPTERS[language](firstNumber, count);
}
