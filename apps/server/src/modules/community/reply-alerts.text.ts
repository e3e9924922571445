import { ALERT_EXCERPT_MAX, readerPath, type Language } from '@inkstream/contracts';

/**
 * The words of a reply alert outside the web app: the Web Push notice and the e-mail digest's
 * "Replies to your comments" lines. Plain text: the push payload is shown by the service worker as
 * text, and the mail renderer escapes every value it puts into HTML (mail-render.ts).
 */

/**
 * The first ALERT_EXCERPT_MAX characters of a comment on one line: runs of white space (line
 * breaks included) become one space, and a cut text ends in "…". Counted in code points, so a
 * cut never splits a surrogate pair (an emoji stays whole or goes).
 */
export function excerpt(body: string, max = ALERT_EXCERPT_MAX): string {
  const oneLine = body.replace(/\s+/gu, ' ').trim();
  const points = Array.from(oneLine);
  if (points.length <= max) return oneLine;
  return `${points
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** "<name> replied to your comment on <book>, ch. N". */
const REPLIED: Record<Language, (name: string, book: string, number: number) => string> = {
  'en-us': (name, book, n) => `${name} replied to your comment on ${book}, ch. ${n}`,
  'zh-cn': (name, book, n) => `${name} 回复了你在《${book}》第${n}话的评论`,
  'fr-fr': (name, book, n) => `${name} a répondu à votre commentaire sur ${book}, ch. ${n}`,
  'es-es': (name, book, n) => `${name} respondió a tu comentario en ${book}, cap. ${n}`,
  'ar-sa': (name, book, n) => `ردّ ${name} على تعليقك في ${book}، الفصل ${n}`,
};

export function repliedText(language: Language, name: string, book: string, chapterNumber: number): string {
  return REPLIED[language](name, book, chapterNumber);
}

/** Shown instead of a reply marked as a spoiler (the digest does not reveal it). */
const SPOILER: Record<Language, string> = {
  'en-us': '(spoiler: open the chapter to read it)',
  'zh-cn': '（含剧透：请在章节中查看）',
  'fr-fr': '(spoiler : ouvrez le chapitre pour le lire)',
  'es-es': '(spoiler: abre el capítulo para leerlo)',
  'ar-sa': '(حرق للأحداث: افتح الفصل لقراءته)',
};

export const spoilerText = (language: Language): string => SPOILER[language];

/** The anchor of the comments section at the end of a chapter's reading page (the web app's id). */
export const COMMENTS_ANCHOR = 'comments';

/** The web page of a chapter, at its comments. */
export const chapterCommentsPath = (bookUuid: string, chapter: { chapter_uuid: string; chapter_number: number }): string =>
  `${readerPath(bookUuid, chapter)}#${COMMENTS_ANCHOR}`;
