import { PAGE_PATTERNS, pagePath } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { BookCover } from '../../components/BookCover';
import { Dialog } from '../../components/Dialog';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../components/use-page-title';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { decodeEntities } from '../../lib/decode-entities';
import { OfflineIcon } from './icons';
import { deleteAllSaved, deleteSaved, savedForScreen } from './offline-actions';
import { useOfflineVersion } from './offline-changes';
import { browserStorage, canSaveOffline } from './offline-db';
import { SavedChapterList } from './SavedChapterList';
import type { SavedChapter } from './saved-chapter';
import { sizeText } from './sizes';
import { askPersistence, PERSIST_ANSWER, storageFacts } from './storage-status';
import styles from './offline.module.css';

/** The saved chapters by book, books in title order. */
function byBook(chapters: readonly SavedChapter[]): SavedChapter[][] {
  const books = new Map<string, SavedChapter[]>();
  for (const chapter of chapters) books.set(chapter.book_uuid, [...(books.get(chapter.book_uuid) ?? []), chapter]);
  return [...books.values()].sort((a, b) => a[0]!.book_title.localeCompare(b[0]!.book_title));
}

const totalBytes = (chapters: readonly SavedChapter[]) => chapters.reduce((sum, chapter) => sum + chapter.bytes, 0);

/**
 * The Offline screen (issue 47, /offline): what is saved in this browser, book by book, with sizes;
 * the storage used and left and whether the browser keeps it for good; deletion per chapter, per
 * book, or all (confirmed). Nothing here needs a connection.
 */
export default function OfflineScreen() {
  const { t } = useTranslation('offline');
  usePageTitle(t('title'));
  const version = useOfflineVersion();
  const saved = useQuery({ queryKey: ['offline-screen', version], queryFn: savedForScreen, networkMode: 'always', staleTime: 0 });
  const [confirmAll, setConfirmAll] = useState(false);
  const chapters = saved.data ?? [];
  const books = byBook(chapters);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      {!canSaveOffline() ? (
        <p>{t('stop.unsupported')}</p>
      ) : saved.isPending ? (
        <Loading />
      ) : (
        <>
          <StoragePanel savedBytes={totalBytes(chapters)} version={version} />
          {books.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <ul className={styles.books} aria-label={t('screen.books')}>
                {books.map((book) => (
                  <SavedBook key={book[0]!.book_uuid} chapters={book} />
                ))}
              </ul>
              <div>
                <button type="button" className={`${styles.secondary} ${styles.danger}`} onClick={() => setConfirmAll(true)}>
                  {t('screen.deleteAll')}
                </button>
              </div>
            </>
          )}
        </>
      )}
      <Dialog
        open={confirmAll}
        onClose={() => setConfirmAll(false)}
        title={t('screen.deleteAllTitle')}
        description={t('screen.deleteAllBody', { chapters: t('chapterCount', { count: chapters.length }) })}
      >
        <div className={styles.dialogButtons}>
          <button type="button" className={styles.secondary} onClick={() => setConfirmAll(false)}>
            {t('screen.keep')}
          </button>
          <button
            type="button"
            className={`${styles.secondary} ${styles.danger}`}
            onClick={() => {
              setConfirmAll(false);
              void deleteAllSaved();
            }}
          >
            {t('screen.deleteAllConfirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function SavedBook({ chapters }: { chapters: SavedChapter[] }) {
  const { t } = useTranslation('offline');
  const language = useLanguage();
  const first = chapters[0]!;
  const title = decodeEntities(first.book_title);
  const headingId = `saved-book-${first.book_uuid}`;
  return (
    <li className={styles.book} aria-labelledby={headingId}>
      <div className={styles.bookHead}>
        <div className={styles.cover}>
          <BookCover src={first.cover_image} />
        </div>
        <div>
          <h2 id={headingId} className={styles.bookTitle}>
            <Link to={pagePath.book(first.book_uuid)} dir="auto">
              {title}
            </Link>
          </h2>
          <p className={styles.meta}>
            {t('chapterCount', { count: chapters.length })} · {sizeText(totalBytes(chapters), language, t)}
          </p>
        </div>
        <button
          type="button"
          className={`${styles.secondary} ${styles.danger}`}
          aria-label={t('screen.deleteBook', { title })}
          onClick={() => void deleteSaved(chapters)}
        >
          {t('screen.delete')}
        </button>
      </div>
      <SavedChapterList chapters={chapters} onDelete={(chapter) => void deleteSaved([chapter])} />
    </li>
  );
}

/** The storage used and left, and whether the browser keeps saved chapters, in plain words, with the request. */
function StoragePanel({ savedBytes, version }: { savedBytes: number; version: number }) {
  const { t } = useTranslation('offline');
  const language = useLanguage();
  const [asked, setAsked] = useState(0);
  const facts = useQuery({
    queryKey: ['offline-storage', version, asked],
    queryFn: async () => ({ ...(await storageFacts()), answer: await browserStorage.store.readMeta(PERSIST_ANSWER) }),
    networkMode: 'always',
    staleTime: 0,
  });
  if (!facts.data) return null;
  const { usage, quota, persisted, answer } = facts.data;
  const ask = async () => {
    await askPersistence(browserStorage.store, { byReader: true });
    setAsked((count) => count + 1);
  };
  return (
    <section className={styles.panel} aria-labelledby="offline-storage-title">
      <h2 id="offline-storage-title">{t('storage.title')}</h2>
      {savedBytes > 0 && <p>{t('storage.saved', { size: sizeText(savedBytes, language, t) })}</p>}
      {usage !== null && quota !== null && quota > 0 && (
        <>
          <p>{t('storage.used', { used: sizeText(usage, language, t), left: sizeText(Math.max(0, quota - usage), language, t) })}</p>
          <progress className={styles.meter} max={quota} value={usage} aria-label={t('storage.meter')} />
        </>
      )}
      {persisted === true ? (
        <p>{t('storage.persisted')}</p>
      ) : persisted === false ? (
        <>
          <p>{t('storage.notPersisted')}</p>
          {answer === 0 && <p className={styles.hint}>{t('storage.declined')}</p>}
          <div>
            <button type="button" className={styles.action} onClick={() => void ask()}>
              {t('storage.ask')}
            </button>
          </div>
        </>
      ) : (
        <p>{t('storage.unknown')}</p>
      )}
    </section>
  );
}

function EmptyState() {
  const { t } = useTranslation('offline');
  return (
    <section className={`${styles.panel} ${styles.empty}`} aria-labelledby="offline-empty-title">
      <OfflineIcon />
      <h2 id="offline-empty-title">{t('screen.emptyTitle')}</h2>
      <p>{t('screen.emptyBody')}</p>
      <p className={styles.hint}>{t('screen.emptyRule')}</p>
      <Link to={PAGE_PATTERNS.home} className={styles.action}>
        {t('screen.browse')}
      </Link>
    </section>
  );
}
