import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime, formatNumber } from '../shell/format';
import { Pager } from '../shell/Pager';
import { CommentActions } from './CommentActions';
import { CommentCard } from './CommentCard';
import local from './moderation.module.css';
import { moderationApi } from './moderation-api';

const PAGE_SIZE = 20;

/** The reports queue: most reported first, then oldest; each with its reasons, the latest report and the actions. */
export function ReportsQueue() {
  const { t } = useTranslation('admin-moderation');
  const { t: common } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 0) || 0;
  const reports = useQuery({
    queryKey: ['admin', 'moderation', 'reports', page],
    queryFn: () => moderationApi.reports({ page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="reports-heading">
      <h2 id="reports-heading">{t('reports.title')}</h2>
      <FormNotice message={reports.error?.message ?? null} />
      {reports.isPending && <p>{common('loading')}</p>}
      {reports.data?.items.length === 0 && <p className={styles.muted}>{t('reports.empty')}</p>}
      <ul className={local.list}>
        {reports.data?.items.map((item) => (
          <li key={item.comment.comment_uuid}>
            <CommentCard comment={item.comment}>
              <p>
                <strong>{t('reports.count', { count: item.report_count, formatted: formatNumber(item.report_count) })}</strong>
              </p>
              <ul className={local.reasons} aria-label={t('reports.reasons')}>
                {item.reasons.map((reason) => (
                  <li key={reason.reason}>
                    {t(`reason.${reason.reason}`)} × {formatNumber(reason.count)}
                  </li>
                ))}
              </ul>
              <p className={local.meta}>
                {t('reports.latest', {
                  name: item.latest_report.reporter.username,
                  reason: t(`reason.${item.latest_report.reason}`),
                  date: formatDateTime(item.latest_report.created_at),
                })}
              </p>
              {item.latest_report.detail && (
                <blockquote className={local.body} dir="auto">
                  {item.latest_report.detail}
                </blockquote>
              )}
              <CommentActions comment={item.comment} dismiss />
            </CommentCard>
          </li>
        ))}
      </ul>
      {reports.data && reports.data.total > 0 && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={reports.data.total}
          onPage={(next) => setParams((current) => ({ ...Object.fromEntries(current), page: String(next) }))}
        />
      )}
    </section>
  );
}
