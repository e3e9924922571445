import type { BookReading, BookType } from '@inkstream/contracts';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { useTranslation } from '../../../i18n/use-translation';
import { Close, Sliders } from '../icons';
import { ComicSettingsFields } from './ComicSettingsFields';
import { NovelSettingsFields } from './NovelSettingsFields';
import type { ReadingSettings } from './use-reading-settings';
import readerStyles from '../ReadingScreen.module.css';
import styles from './ReadingSettingsPanel.module.css';

interface Props {
  settings: ReadingSettings;
  /** The book's kind; unknown while the first chapter loads (the button waits). */
  bookType: BookType | undefined;
  /** The book's own settings (the chapter's `reading`). */
  book: BookReading | undefined;
}

/**
 * The top bar's "Reading settings" button and its panel: a sheet from the bottom on phones, a
 * panel under the bar at the end side on wider screens. Both are a modal dialog (components/Dialog):
 * focus stays inside, Escape or a click outside closes it, focus returns to the button. The
 * reader sees the settings apply behind it.
 */
export function ReadingSettingsPanel({ settings, bookType, book }: Props) {
  const { t } = useTranslation('readingsettings');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={readerStyles.iconButton}
        aria-label={t('open')}
        title={t('open')}
        aria-haspopup="dialog"
        disabled={!bookType}
        onClick={() => setOpen(true)}
      >
        <Sliders />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('title')} className={styles.panel}>
        {/* Keys pressed in the panel (arrows move between radios) are not the reader's: they do not turn pages or chapters. */}
        <div data-reading-settings="" className={styles.fields} onKeyDown={(event) => event.key !== 'Escape' && event.stopPropagation()}>
          <button
            type="button"
            className={`${readerStyles.iconButton} ${styles.close}`}
            aria-label={t('close')}
            onClick={() => setOpen(false)}
          >
            <Close />
          </button>
          {bookType === 'novel' ? <NovelSettingsFields settings={settings} /> : <ComicSettingsFields settings={settings} book={book} />}
          {settings.saveFailed && (
            <p className={styles.failed} role="alert">
              {t('saveFailed')}
            </p>
          )}
        </div>
      </Dialog>
    </>
  );
}
