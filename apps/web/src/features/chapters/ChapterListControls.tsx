import type { ChapterDirection } from '@inkstream/contracts/constants';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { pageCount, pageRanges, showsPageJump } from './chapter-pages';
import styles from './ChapterList.module.css';

interface Props {
  direction: ChapterDirection;
  totalChapters: number;
  startPage: number;
  onDirection(direction: ChapterDirection): void;
  onJump(page: number): void;
  heading: ReactNode;
}

/** Sort buttons (newest / oldest first) and, above one page of chapters, the page-jump selector. */
export function ChapterListControls({ direction, totalChapters, startPage, onDirection, onJump, heading }: Props) {
  const { t } = useTranslation('chapters');
  const jumpId = useId();
  const sorts: { value: ChapterDirection; label: string }[] = [
    { value: 'desc', label: t('sort.newest') },
    { value: 'asc', label: t('sort.oldest') },
  ];
  return (
    <div className={styles.controls}>
      {heading}
      <div className={styles.sort} role="group" aria-label={t('sort.label')}>
        {sorts.map((sort) => (
          <button
            key={sort.value}
            type="button"
            className={styles.sortButton}
            aria-pressed={direction === sort.value}
            onClick={() => direction !== sort.value && onDirection(sort.value)}
          >
            {sort.label}
          </button>
        ))}
      </div>
      {showsPageJump(totalChapters) && (
        <div className={styles.jump}>
          <label htmlFor={jumpId}>{t('jump.label')}</label>
          <select id={jumpId} value={startPage} onChange={(event) => onJump(Number(event.target.value))}>
            {pageRanges(totalChapters, direction).map((range) => (
              <option key={range.page} value={range.page}>
                {t('jump.range', { from: range.from, to: range.to })}
              </option>
            ))}
          </select>
          <span className={styles.pages}>{t('jump.totalPages', { count: pageCount(totalChapters) })}</span>
        </div>
      )}
    </div>
  );
}
