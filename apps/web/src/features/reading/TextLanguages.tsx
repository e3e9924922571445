import { normalizeLanguage } from '@inkstream/contracts/languages';
import { useTranslation } from '../../i18n/use-translation';
import { htmlLang, type Language } from '../../lib/language';
import styles from './ChapterText.module.css';

interface Props {
  /** The reader's (interface) language. */
  language: Language;
  /** The language the text is shown in (the server's fallback or the reader's choice). */
  shown: Language;
  /** Every language the chapter's text exists in (`text_languages`). */
  available: readonly string[];
  onChoose(language: Language): void;
}

/**
 * Above a novel chapter: in which language the text is shown when it is not the reader's, and the
 * other languages the chapter has, each a button that shows the text in it. Language names are
 * written in their own language and isolated (`bdi`), so they read right in either direction.
 */
export function TextLanguages({ language, shown, available, onChoose }: Props) {
  const { t } = useTranslation('reader');
  const others = available.flatMap((raw) => {
    const other = normalizeLanguage(raw);
    return other && other !== shown ? [other] : [];
  });
  if (shown === language && others.length === 0) return null;
  const name = (value: Language) => (
    <bdi lang={htmlLang(value)} key={value}>
      {t(`common:languages.${value}`)}
    </bdi>
  );
  const readerHasIt = available.some((raw) => normalizeLanguage(raw) === language);
  return (
    <div className={styles.languages} data-text-languages="">
      {shown !== language && (
        <p className={styles.shownIn}>
          {readerHasIt ? t('textLanguage.shownIn') : t('textLanguage.notTranslated', { language: t(`common:languages.${language}`) })}{' '}
          {name(shown)}
        </p>
      )}
      {others.length > 0 && (
        <div role="group" aria-label={t('textLanguage.others')} className={styles.otherLanguages}>
          <span aria-hidden="true">{t('textLanguage.others')}</span>
          {others.map((other) => (
            <button key={other} type="button" lang={htmlLang(other)} className={styles.languageButton} onClick={() => onChoose(other)}>
              {t(`common:languages.${other}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
