import type { LegalDocument } from '@inkstream/contracts';
import { htmlLang, isRightToLeft, type Language } from '../../lib/language';
import styles from './legal.module.css';

/**
 * A legal text as the server rendered it. The HTML comes from Markdown with raw HTML off and is
 * sanitised on the server (modules/legal/legal-render.ts), so it is inserted as it is. Marked with
 * its own language and direction: an English text shown to an Arabic reader reads left to right.
 */
export function LegalText({ document }: { document: Pick<LegalDocument, 'html' | 'language'> }) {
  const language = document.language as Language;
  return (
    <div
      className={styles.text}
      lang={htmlLang(language)}
      dir={isRightToLeft(language) ? 'rtl' : 'ltr'}
      dangerouslySetInnerHTML={{ __html: document.html }}
    />
  );
}
