import { useTranslation } from '../../i18n/use-translation';
import { FONT_SIZES, stepFontSize } from './modes/novel-settings';
import styles from './ChapterText.module.css';

interface Props {
  /** The novel text's size, CSS px. */
  size: number;
  onChange(size: number): void;
}

/**
 * Smaller / larger text buttons around the current size (in px, the unit the reader's settings
 * keep); the size is announced as it changes. At either end a button is aria-disabled rather than
 * disabled, so keyboard focus stays on it.
 */
export function TextSizeControl({ size, onChange }: Props) {
  const { t } = useTranslation('reader');
  const canShrink = size > FONT_SIZES[0];
  const canGrow = size < FONT_SIZES[FONT_SIZES.length - 1]!;
  return (
    <div role="group" aria-label={t('textSize')} className={styles.textSize}>
      <SizeStep label={t('smallerText')} enabled={canShrink} onStep={() => onChange(stepFontSize(size, -1))} glyphClass={styles.smallA} />
      <output className={styles.sizeValue} aria-live="polite">
        {t('readingsettings:novel.fontSizeValue', { size })}
      </output>
      <SizeStep label={t('largerText')} enabled={canGrow} onStep={() => onChange(stepFontSize(size, 1))} glyphClass={styles.largeA} />
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
