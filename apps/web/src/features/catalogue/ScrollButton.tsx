import type { ScrollDirection } from './layout-rules';
import styles from './ScrollButton.module.css';

interface ScrollButtonProps {
  direction: ScrollDirection;
  label: string;
  controls: string;
  disabled: boolean;
  onScroll: (direction: ScrollDirection) => void;
}

/**
 * A previous/next arrow of a carousel; the chevron flips in right-to-left so it points where the content moves.
 * At the end of the row it is aria-disabled rather than disabled, so keyboard focus stays on it (a disabled
 * button drops focus to the page's body).
 */
export function ScrollButton({ direction, label, controls, disabled, onScroll }: ScrollButtonProps) {
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={label}
      aria-controls={controls}
      aria-disabled={disabled}
      onClick={disabled ? undefined : () => onScroll(direction)}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d={direction === 'next' ? 'M9 5l7 7-7 7' : 'M15 5l-7 7 7 7'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
