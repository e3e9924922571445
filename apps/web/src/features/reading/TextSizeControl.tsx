import { useTranslation } from '../../i18n/use-translation';
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
      <SizeStep label={t('smallerText')} enabled={canShrink} onStep={shrink} glyphClass={styles.smallA} />
      <output className={styles.sizeValue} aria-live="polite">
        {percent}
      </output>
      <SizeStep label={t('largerText')} enabled={canGrow} onStep={grow} glyphClass={styles.largeA} />
    </div>
  );
}

/** One step button: a small or large "A", labelled for screen readers. */
function SizeStep({
  label,
  enabled,
  onStep,
  glyphClass,
}: {
  label: string;
  enabled: boolean;
  onStep(): void;
  glyphClass: string | undefined;
}) {
  return (
    <button
      type="button"
      className={styles.sizeButton}
      aria-disabled={!enabled}
      aria-label={label}
      title={label}
      onClick={enabled ? onStep : undefined}
    >
      <span aria-hidden="true" className={glyphClass}>
        A
      </span>
    </button>
  );
}
