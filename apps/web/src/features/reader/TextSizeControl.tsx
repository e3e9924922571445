import { useTranslation } from 'react-i18next';
import { htmlLang, type Language } from '../../lib/language';
import styles from './ChapterText.module.css';

interface Props {
  size: number;
  canShrink: boolean;
  canGrow: boolean;
  shrink(): void;
  grow(): void;
  language: Language;
}

/**
 * Smaller / larger text buttons around the current size; the size is announced as it changes.
 * At either end a button is aria-disabled rather than disabled, so keyboard focus stays on it.
 */
export function TextSizeControl({ size, canShrink, canGrow, shrink, grow, language }: Props) {
  const { t } = useTranslation('reader');
  const percent = new Intl.NumberFormat(htmlLang(language), { style: 'percent', numberingSystem: 'latn' }).format(size / 100);
  return (
    <div role="group" aria-label={t('textSize')} className={styles.textSize}>
      <button
        type="button"
        className={styles.sizeButton}
        aria-disabled={!canShrink}
        aria-label={t('smallerText')}
        title={t('smallerText')}
        onClick={canShrink ? shrink : undefined}
      >
        <span aria-hidden="true" className={styles.smallA}>
          A
        </span>
      </button>
      <output className={styles.sizeValue} aria-live="polite">
        {percent}
      </output>
      <button
        type="button"
        className={styles.sizeButton}
        aria-disabled={!canGrow}
        aria-label={t('largerText')}
        title={t('largerText')}
        onClick={canGrow ? grow : undefined}
      >
        <span aria-hidden="true" className={styles.largeA}>
          A
        </span>
      </button>
    </div>
  );
}
