import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { BookRatings } from './BookRatings';
import { useCommunityEnabled } from './use-community';
import styles from './BookRatings.module.css';

/**
 * The book page's ratings and reviews behind one line ("Ratings and reviews · 6 ratings") that
 * opens them. The section above the chapter list keeps the height the server rendered while its
 * figures load, so the chapter list never moves under the reader's thumb (it moved when the
 * figures, the form and the reviews arrived after the page). The section is mounted closed, so its
 * data is there when the reader opens it; a link to `#ratings` opens it.
 */
export function RatingsDisclosure({ bookUuid, ratingCount }: { bookUuid: string; ratingCount: number | undefined }) {
  const { t } = useTranslation('ratings');
  const community = useCommunityEnabled();
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.location.hash === '#ratings');
  if (!community) return null;
  return (
    <details id="ratings" className={styles.disclosure} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={styles.disclosureSummary}>
        {/* The section's one heading, in the line that opens it (the section below does not repeat it). */}
        <h2 id="book-ratings-heading" className={styles.disclosureHeading}>
          {t('heading')}
        </h2>
        {ratingCount ? <span className={styles.disclosureCount}> · {t('count', { count: ratingCount })}</span> : null}
      </summary>
      <BookRatings bookUuid={bookUuid} headingId="book-ratings-heading" />
    </details>
  );
}
