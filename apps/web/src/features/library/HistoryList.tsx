import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { RelativeTime } from '../../components/RelativeTime';
import { readingApi } from '../../lib/api-reading';
import { isolate } from '../../lib/bidi';
import { titleNamesNumber } from '../../lib/chapter-title';
import { decodeEntities } from '../../lib/decode-entities';
import { readerPath } from '@inkstream/contracts/routes';
import { useLanguage } from '../../i18n/use-language';
import styles from './library.module.css';

const PAGE_SIZE = 20;

/** "Chapter 3 · The Flood", or just the title when it already names the number ("Chapter 3: The Flood"). */
function chapterLabel(number: number, title: string, t: (key: string, options: { number: number }) => string): string {
  const numbered = t('chapter', { number });
  if (!title) return numbered;
  // The title may be written in another direction than the page: isolated from the words around it.
  return titleNamesNumber(title, number) ? isolate(title) : `${numbered} · ${isolate(title)}`;
}

/** Recently read chapters, newest first, with a way to forget them (visitors have one too). */
export function HistoryList() {
  const { t } = useTranslation('library');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const history = useInfiniteQuery({
    queryKey: ['library', 'history', language],
    queryFn: ({ pageParam }) => readingApi.history(language, pageParam, PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length : undefined),
    staleTime: 0,
  });
  const clear = useMutation({
    mutationFn: readingApi.clearHistory,
    onSuccess: () => {
      setConfirming(false);
      // Read markers and "Continue reading" go with the history.
      void queryClient.invalidateQueries({ queryKey: ['library'] });
      void queryClient.invalidateQueries({ queryKey: ['reading-progress'] });
    },
  });

  if (history.isPending) return <Loading />;
  if (history.isError) return <p className={styles.empty}>{t('common:status.error')}</p>;
  const items = history.data.pages.flatMap((page) => page.result);
  if (items.length === 0) return <p className={styles.empty}>{t('history.empty')}</p>;

  return (
    <>
      <div className={styles.toolbar}>
        {isConfirming ? (
          <div className={styles.confirm} role="group" aria-label={t('history.clear')}>
            <span>{t('history.confirm')}</span>
            <button type="button" className={styles.danger} onClick={() => clear.mutate()} disabled={clear.isPending}>
              {t('history.confirmYes')}
            </button>
            <button type="button" className={styles.textButton} onClick={() => setConfirming(false)}>
              {t('history.confirmNo')}
            </button>
          </div>
        ) : (
          <button type="button" className={styles.textButton} onClick={() => setConfirming(true)}>
            {t('history.clear')}
          </button>
        )}
      </div>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.chapter_uuid} className={styles.item}>
            <div className={styles.coverLink} aria-hidden="true">
              {item.cover_image && <img src={item.cover_image} alt="" width={600} height={800} loading="lazy" decoding="async" />}
            </div>
            <div className={styles.itemBody}>
              <Link to={readerPath(item.book_uuid, item)} className={styles.itemTitle} dir="auto">
                {decodeEntities(item.book_title)}
              </Link>
              <p className={styles.meta}>{chapterLabel(item.chapter_number, decodeEntities(item.chapter_title).trim(), t)}</p>
              <p className={styles.meta}>
                <RelativeTime value={item.read_at} recentText={t('history.justNow')} />
                {item.finished && <span className={styles.finished}> · {t('history.finished')}</span>}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {history.hasNextPage && (
        <button type="button" className={styles.more} onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          {t('history.more')}
        </button>
      )}
    </>
  );
}
