import type { ReadingDirection } from '@inkstream/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useBrowserValue } from '../../../lib/browser-value';
import { readStorage, writeStorage } from '../../../lib/storage-keys';
import { READING_STORAGE_KEYS } from '../reading-storage-keys';
import styles from './PagedReader.module.css';

/**
 * The tap zones, explained once in this browser over the first page a reader opens in pages: the
 * three thirds, in the book's direction (right to left, "next" is on the left). Any tap on it, or
 * its button, puts it away for good. Not rendered on the server (it depends on this browser's storage).
 */
export function TapHint({ direction }: { direction: ReadingDirection }) {
  const { t } = useTranslation('paged');
  const seen = useBrowserValue(() => readStorage(READING_STORAGE_KEYS.pagedTapHint) === '1', true);
  const [dismissed, setDismissed] = useState(false);
  if (seen || dismissed) return null;
  const dismiss = () => {
    writeStorage(READING_STORAGE_KEYS.pagedTapHint, '1');
    setDismissed(true);
  };
  return (
    <div
      className={styles.hint}
      data-tap-hint=""
      onClick={(event) => {
        // The tap that puts the hint away does not also turn the page.
        event.stopPropagation();
        dismiss();
      }}
    >
      <div className={styles.hintZones} dir={direction}>
        <span>{t('hint.previous')}</span>
        <span>{t('hint.menu')}</span>
        <span>{t('hint.next')}</span>
      </div>
      <div className={styles.hintCard}>
        <p>{t('hint.title')}</p>
        <button type="button" className={styles.hintButton}>
          {t('hint.dismiss')}
        </button>
      </div>
    </div>
  );
}
