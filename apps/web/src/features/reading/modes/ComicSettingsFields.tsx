import type { BookReading, ReadingDirection, ReadingFit, ReadingMode } from '@inkstream/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ChoiceGroup } from './ChoiceGroup';
import { SITE_READING } from './reading-settings';
import type { ReadingSettings } from './use-reading-settings';
import styles from './ReadingSettingsPanel.module.css';

const MODES: readonly ReadingMode[] = ['strip', 'single', 'double'];
const DIRECTIONS: readonly ReadingDirection[] = ['ltr', 'rtl'];
const FITS: readonly ReadingFit[] = ['width', 'height', 'original'];

/**
 * A comic's settings: mode, direction, fit and cover alone, chosen for this book; "Use for all my
 * books" makes them the reader's defaults (the direction stays each book's own), "Back to the
 * book's settings" forgets this book's choice. The book's own settings are said above them.
 */
export function ComicSettingsFields({ settings, book }: { settings: ReadingSettings; book: BookReading | undefined }) {
  const { t } = useTranslation('readingsettings');
  const [savedForAll, setSavedForAll] = useState(false);
  const { comic, choice, chooseForBook } = settings;
  const own = book ?? SITE_READING;
  const hasChoice = Object.values(choice).some((value) => value !== null);
  const choose: ReadingSettings['chooseForBook'] = (change) => {
    setSavedForAll(false);
    chooseForBook(change);
  };
  const useForAll = () => {
    // The mode counts for paged books only (resolveComicSettings), so a strip chosen here makes every paged book a strip.
    settings.chooseDefaults({ mode: comic.mode, fit: comic.fit, cover_alone: comic.coverAlone });
    setSavedForAll(true);
  };

  return (
    <>
      <p className={styles.note}>
        <strong>
          {t('comic.thisBook', { direction: t(`comic.bookDirection.${own.direction}`), mode: t(`comic.bookMode.${own.mode}`) })}
        </strong>
        <br />
        {t('comic.appliesToBook')}
      </p>
      <ChoiceGroup
        legend={t('comic.mode')}
        value={comic.mode}
        options={MODES.map((mode) => ({ value: mode, label: t(`comic.modes.${mode}`) }))}
        onChoose={(mode) => choose({ mode })}
      />
      <ChoiceGroup
        legend={t('comic.direction')}
        value={comic.direction}
        options={DIRECTIONS.map((direction) => ({ value: direction, label: t(`comic.directions.${direction}`) }))}
        onChoose={(direction) => choose({ direction })}
      />
      <ChoiceGroup
        legend={t('comic.fit')}
        value={comic.fit}
        options={FITS.map((fit) => ({ value: fit, label: t(`comic.fits.${fit}`) }))}
        onChoose={(fit) => choose({ fit })}
      />
      {comic.mode === 'double' && (
        <label className={styles.check}>
          <input type="checkbox" checked={comic.coverAlone} onChange={(event) => choose({ cover_alone: event.target.checked })} />
          <span>
            {t('comic.coverAlone')}
            <span className={styles.hint}>{t('comic.coverAloneHint')}</span>
          </span>
        </label>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={useForAll}>
          {t('comic.useForAll')}
        </button>
        {/* aria-disabled, not disabled: pressing it must not drop the keyboard focus out of the panel. */}
        <button type="button" className={styles.action} aria-disabled={!hasChoice} onClick={hasChoice ? settings.resetBook : undefined}>
          {t('comic.reset')}
        </button>
      </div>
      <p className={styles.hint}>{t('comic.useForAllHint')}</p>
      <p className={styles.hint} role="status">
        {savedForAll ? t('comic.usedForAll') : ''}
      </p>
    </>
  );
}
