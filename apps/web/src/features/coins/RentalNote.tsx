import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { useReaderTimeZone } from '../../lib/reader-time-zone';
import { useNow } from '../../lib/render-clock';
import { formatReleaseDate } from '../discovery';
import { useBookUnlocks } from './use-book-unlocks';
import styles from './coins.module.css';

/**
 * Issue 59: on the reader, "Rented until 3 December, 10:00" when the server says the reader reads
 * this chapter by a rental (GET /user/book/unlocks `rented`); nothing otherwise.
 */
export function RentalNote({ bookUuid, chapterUuid }: { bookUuid: string; chapterUuid: string }) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const zone = useReaderTimeZone();
  const now = useNow();
  const until = useBookUnlocks(bookUuid).data?.rented[chapterUuid];
  if (!until) return null;
  return (
    <p className={styles.rentalNote} data-testid="rental-note">
      {zone === null ? t('rental.rented') : t('rental.until', { when: formatReleaseDate(until, language, zone, now) })}
    </p>
  );
}
