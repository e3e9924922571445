import type { ReadingDirection } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import { turnSide } from './turn-rules';
import styles from './PagedReader.module.css';

/** A chevron pointing to one side of the screen (not flipped with the interface: the book's direction decides). */
const Chevron = ({ towards }: { towards: 'left' | 'right' }) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2.25}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    focusable={false}
  >
    <path d={towards === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
  </svg>
);

interface Props {
  direction: ReadingDirection;
  /** The pages shown (0-based), and the chapter's page count. */
  shown: readonly number[];
  total: number;
  /** "Page 4 of 20" (the live region's words, also the slider's value). */
  status: string;
  canGoPrevious: boolean;
  canGoNext: boolean;
  onStep(step: 'previous' | 'next'): void;
  onGoTo(index: number): void;
}

/**
 * The page number, a scrubber and previous/next page buttons, laid out in the book's direction
 * (right to left, "next" is on the left and the slider starts at the right). The buttons are for
 * keyboards and screen readers, and for readers who do not tap pages; a button that cannot act is
 * marked disabled for assistive technology but keeps the focus (a disabled button would drop it).
 */
export function PagedControls({ direction, shown, total, status, canGoPrevious, canGoNext, onStep, onGoTo }: Props) {
  const { t } = useTranslation('paged');
  const first = (shown[0] ?? 0) + 1;
  const last = (shown.at(-1) ?? 0) + 1;
  const button = (step: 'previous' | 'next', enabled: boolean) => (
    <button
      type="button"
      className={styles.turnButton}
      aria-label={t(step === 'previous' ? 'previousPage' : 'nextPage')}
      aria-disabled={!enabled || undefined}
      onClick={() => enabled && onStep(step)}
    >
      <Chevron towards={turnSide(step, direction)} />
    </button>
  );
  return (
    <div className={styles.controls} dir={direction}>
      {button('previous', canGoPrevious)}
      <input
        type="range"
        className={styles.scrubber}
        dir={direction}
        min={1}
        max={Math.max(total, 1)}
        step={1}
        value={first}
        aria-label={t('scrubber')}
        aria-valuetext={status}
        onChange={(event) => onGoTo(Number(event.target.value) - 1)}
      />
      <span className={styles.counter} aria-hidden="true" dir="ltr">
        {t('counter', { number: last > first ? `${first}–${last}` : first, total })}
      </span>
      {button('next', canGoNext)}
    </div>
  );
}
