import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { useLighterImages } from '../../lib/data-saving';
import { useOffline } from '../../lib/online';
import { SAVE_COUNTS } from './chapter-plan';
import { SaveIcon } from './icons';
import { useSaveRunOrigin } from './offline-changes';
import { END_ORIGIN, startSave } from './start-save';
import styles from './offline.module.css';

const SaveProgressPanel = lazy(() => import('./SaveProgressPanel'));

/** On the end-of-chapter card (issue 47): save the next 5 chapters for offline reading, with the run's progress. */
export function SaveNextChapters({ bookUuid, chapterNumber }: { bookUuid: string; chapterNumber: number }) {
  const { t } = useTranslation('offline');
  const language = useLanguage();
  const lighter = useLighterImages();
  const isOffline = useOffline();
  const origin = useSaveRunOrigin();
  const count = SAVE_COUNTS[0];
  return (
    <div className={styles.endSave}>
      {!isOffline && (
        <button
          type="button"
          className={styles.endButton}
          onClick={() => void startSave(END_ORIGIN, { bookUuid, fromNumber: chapterNumber + 1, count }, { language, lighter })}
        >
          <SaveIcon />
          {t('save.endNext', { count })}
        </button>
      )}
      {origin === END_ORIGIN && (
        <Suspense fallback={null}>
          <SaveProgressPanel origin={END_ORIGIN} />
        </Suspense>
      )}
    </div>
  );
}
