import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { useLighterImages } from '../../lib/data-saving';
import { useOffline } from '../../lib/online';
import { remainingFrom, SAVE_COUNTS } from './chapter-plan';
import { SaveIcon } from './icons';
import { useSaveRunOrigin } from './offline-changes';
import { BOOK_ORIGIN, startSave } from './start-save';
import styles from './offline.module.css';

const SaveProgressPanel = lazy(() => import('./SaveProgressPanel'));

/**
 * "Save for offline" on the book page (issue 47), in the row of its actions: a disclosure with the
 * next 5, the next 10 and all remaining chapters (at most SAVE_LIMIT) from where the reader is, and
 * the run's progress under it (also for a single chapter saved from the list).
 */
export function BookSaveMenu({ bookUuid, fromNumber, totalChapters }: { bookUuid: string; fromNumber: number; totalChapters: number }) {
  const { t } = useTranslation('offline');
  const language = useLanguage();
  const lighter = useLighterImages();
  const isOffline = useOffline();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const origin = useSaveRunOrigin();
  const remaining = remainingFrom(totalChapters, fromNumber);
  const counts = SAVE_COUNTS.filter((count) => count < remaining);
  const save = (count: number) => {
    setOpen(false);
    void startSave(BOOK_ORIGIN, { bookUuid, fromNumber, count }, { language, lighter });
  };
  if (totalChapters === 0) return null;
  return (
    <>
      <button
        type="button"
        className={styles.saveToggle}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <SaveIcon />
        {t('save.button')}
      </button>
      <div id={menuId} className={`${styles.menu} ${styles.wide}`} hidden={!open}>
        <p className={styles.menuTitle}>{fromNumber > 1 ? t('save.fromHere', { number: fromNumber }) : t('save.fromStart')}</p>
        {isOffline ? (
          <p className={styles.problem}>{t('save.needsConnection')}</p>
        ) : (
          <div className={styles.choices}>
            {counts.map((count) => (
              <button key={count} type="button" className={styles.choice} onClick={() => save(count)}>
                {t('save.next', { count })}
              </button>
            ))}
            {remaining > 0 && (
              <button type="button" className={styles.choice} onClick={() => save(remaining)}>
                {t('save.remaining', { count: remaining })}
              </button>
            )}
          </div>
        )}
        <p className={styles.hint}>{t('save.hint')}</p>
      </div>
      {origin === BOOK_ORIGIN && (
        <div className={styles.wide}>
          <Suspense fallback={null}>
            <SaveProgressPanel origin={BOOK_ORIGIN} />
          </Suspense>
        </div>
      )}
    </>
  );
}
