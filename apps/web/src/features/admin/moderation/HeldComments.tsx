import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { Pager } from '../shell/Pager';
import { CommentActions } from './CommentActions';
import { CommentCard } from './CommentCard';
import local from './moderation.module.css';
import { moderationApi } from './moderation-api';

const PAGE_SIZE = 20;

/** Comments the word filter held, oldest first, with the entries they match: approve or delete. */
export function HeldComments() {
  const { t } = useTranslation('admin-moderation');
  const { t: common } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 0) || 0;
  const held = useQuery({
    queryKey: ['admin', 'moderation', 'held', page],
    queryFn: () => moderationApi.held(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="held-heading">
      <h2 id="held-heading">{t('held.title')}</h2>
      <FormNotice message={held.error?.message ?? null} />
      {held.isPending && <p>{common('loading')}</p>}
      {held.data?.items.length === 0 && <p className={styles.muted}>{t('held.empty')}</p>}
      <ul className={local.list}>
        {held.data?.items.map((item) => (
          <li key={item.comment.comment_uuid}>
            <CommentCard comment={item.comment}>
              {item.matched.length > 0 && (
                <p className={local.meta}>
                  {t('held.matched')}{' '}
                  {item.matched.map((word) => (
                    <code key={word}>
                      <bdi>{word}</bdi>
                    </code>
                  ))}
                </p>
              )}
              <CommentActions comment={item.comment} approve />
            </CommentCard>
          </li>
        ))}
      </ul>
      {held.data && held.data.total > 0 && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={held.data.total}
          onPage={(next) => setParams((current) => ({ ...Object.fromEntries(current), page: String(next) }))}
        />
      )}
    </section>
  );
}
