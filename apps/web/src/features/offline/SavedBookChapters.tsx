import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { useTranslation } from '../../i18n/use-translation';
import { decodeEntities } from '../../lib/decode-entities';
import { SavedChapterList } from './SavedChapterList';
import { useSavedChapters } from './use-saved-chapters';
import styles from './offline.module.css';

/**
 * A book's page without a connection (issue 47): instead of an error, the chapters of it saved in
 * this browser, each opening in the reader, or a plain word that none is, with the way to the Offline screen.
 */
export default function SavedBookChapters({ bookUuid }: { bookUuid: string }) {
  const { t } = useTranslation('offline');
  const saved = useSavedChapters(bookUuid);
  if (saved.isPending) return <Loading />;
  const chapters = saved.data ?? [];
  const title = chapters[0] && decodeEntities(chapters[0].book_title);
  return (
    <section className={styles.panel} {...(title ? { 'aria-labelledby': 'saved-book-title' } : { 'aria-label': t('title') })}>
      {title && (
        <h1 id="saved-book-title" className={styles.bookTitle} dir="auto">
          {title}
        </h1>
      )}
      <p role="status">{chapters.length > 0 ? t('book.saved') : t('book.none')}</p>
      {chapters.length > 0 && <SavedChapterList chapters={chapters} />}
      <div>
        <Link to={PAGE_PATTERNS.offline} className={styles.secondary}>
          {t('banner.link')}
        </Link>
      </div>
    </section>
  );
}
