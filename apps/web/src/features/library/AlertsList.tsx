import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ReplyAlert } from '@inkstream/contracts';
import { readerPath } from '@inkstream/contracts/routes';
import { Loading } from '../../components/Loading';
import { RelativeTime } from '../../components/RelativeTime';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { isolate } from '../../lib/bidi';
import { decodeEntities } from '../../lib/decode-entities';
import { alertsApi } from './alerts-api';
import styles from './library.module.css';

const PAGE_SIZE = 20;
/** The reader page's comments section (its id): an alert opens the chapter there. */
export const COMMENTS_ANCHOR = 'comments';
export const SUMMARY_KEY = ['library', 'summary'];

/**
 * The library's Alerts tab: replies to the reader's comments, newest first. What the reader has
 * seen here is marked read as it is shown (each loaded page's unread ones, by id, so a reply on a
 * page not yet opened stays unread), and the header's count goes with it; the "New" marks stay
 * until the tab is opened again, so the reader still sees which replies are new. Comment text is
 * rendered as text (React text nodes), never as HTML.
 */
export function AlertsList() {
  const { t } = useTranslation('library');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const alerts = useInfiniteQuery({
    queryKey: ['library', 'alerts', language],
    queryFn: ({ pageParam }) => alertsApi.list(language, pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    staleTime: 0,
  });
  const markRead = useMutation({
    mutationFn: alertsApi.markRead,
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<{ unread_books: number; unread_alerts?: number }>(SUMMARY_KEY, (summary) =>
        summary ? { ...summary, unread_alerts: unread } : summary,
      );
    },
  });
  const marked = useRef(new Set<number>());
  const items = alerts.data?.pages.flatMap((page) => page.result) ?? [];
  const unseen = items.filter((alert) => !alert.read && !marked.current.has(alert.alert_id)).map((alert) => alert.alert_id);
  const unseenKey = unseen.join(',');
  const { mutate } = markRead;
  useEffect(() => {
    if (unseenKey === '') return;
    const ids = unseenKey.split(',').map(Number);
    for (const id of ids) marked.current.add(id);
    mutate(ids);
  }, [unseenKey, mutate]);

  if (alerts.isPending) return <Loading />;
  if (alerts.isError) return <p className={styles.empty}>{t('common:status.error')}</p>;
  if (items.length === 0) return <p className={styles.empty}>{t('alerts.empty')}</p>;

  return (
    <>
      <ul className={styles.list} aria-label={t('tabs.alerts')}>
        {items.map((alert) => (
          <AlertItem key={alert.alert_id} alert={alert} />
        ))}
      </ul>
      {alerts.hasNextPage && (
        <button type="button" className={styles.more} onClick={() => void alerts.fetchNextPage()} disabled={alerts.isFetchingNextPage}>
          {t('history.more')}
        </button>
      )}
    </>
  );
}

function AlertItem({ alert }: { alert: ReplyAlert }) {
  const { t } = useTranslation('library');
  const [isRevealed, setRevealed] = useState(false);
  const chapter = t('chapter', { number: alert.chapter.chapter_number });
  const href = `${readerPath(alert.book.book_uuid, alert.chapter)}#${COMMENTS_ANCHOR}`;
  const hidesText = alert.reply.spoiler && !isRevealed;
  return (
    <li className={alert.read ? styles.alert : `${styles.alert} ${styles.alertNew}`} data-testid="reply-alert">
      <p className={styles.alertHeading}>
        {!alert.read && <span className={styles.unread}>{t('alerts.new')}</span>}
        <span>
          {t('alerts.replied', {
            // An erased reader who kept their comments (issue 43): never their pseudonym (deleted-…).
            name: alert.reply.user.deleted_reader ? t('alerts.deletedReader') : isolate(alert.reply.user.username),
          })}
        </span>
      </p>
      {hidesText ? (
        <button type="button" className={styles.spoiler} onClick={() => setRevealed(true)}>
          {t('alerts.spoiler')}
        </button>
      ) : (
        <p className={styles.alertReply} dir="auto">
          {alert.reply.body}
        </p>
      )}
      {alert.parent.body !== '' && (
        <p className={styles.meta}>
          {t('alerts.yourComment')}{' '}
          <span dir="auto" className={styles.ownComment}>
            {alert.parent.body}
          </span>
        </p>
      )}
      <p className={styles.meta}>
        <Link to={href} className={styles.alertLink}>
          <span dir="auto">{decodeEntities(alert.book.title)}</span> · {chapter}
        </Link>{' '}
        · <RelativeTime value={alert.created_at} recentText={t('history.justNow')} />
      </p>
    </li>
  );
}
