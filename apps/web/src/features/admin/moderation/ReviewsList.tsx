import { adminPath } from '@inkstream/contracts/routes';
import type { ModerationReview } from '@inkstream/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { DataTable } from '../shell/DataTable';
import { formatDateTime } from '../shell/format';
import local from './moderation.module.css';
import { moderationApi, type AdminReviewsQuery } from './moderation-api';

const PAGE_SIZE = 30;
const STATES = ['visible', 'held', 'hidden'] as const;

/** Recent book reviews, filtered by state: hide one, or show it again (a held one approved). */
export function ReviewsList() {
  const { t } = useTranslation('admin-moderation');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 0) || 0;
  const state = params.get('state') ?? '';
  const client = useQueryClient();
  const reviews = useQuery({
    queryKey: ['admin', 'moderation', 'reviews', page, state],
    queryFn: () =>
      moderationApi.reviews({ page, page_size: PAGE_SIZE, ...(state ? { state: state as NonNullable<AdminReviewsQuery['state']> } : {}) }),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: (input: { review: ModerationReview; state: 'visible' | 'hidden' }) =>
      moderationApi.setReview(input.review.book.uuid, input.review.user.uuid, input.state),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'moderation', 'reviews'] }),
  });
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{t('reviews.title')}</h2>
      <div className={styles.filters}>
        <label>
          {t('reviews.state')}
          <select
            className={styles.input}
            value={state}
            onChange={(event) => setParams(event.target.value ? { state: event.target.value } : {})}
          >
            <option value="">{t('reviews.anyState')}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        label={t('reviews.title')}
        labelledBy="reviews-heading"
        columns={[t('reviews.book'), t('reviews.reader'), t('reviews.score'), t('reviews.review'), t('reviews.state'), t('actions')]}
        items={reviews.data?.items}
        rowKey={(review) => `${review.book.uuid}:${review.user.uuid}`}
        row={(review) => (
          <>
            <th scope="row" lang={review.book.title_language}>
              <Link to={adminPath.book(review.book.uuid)}>
                <bdi>{review.book.title}</bdi>
              </Link>
            </th>
            <td>
              <Link to={adminPath.reader(review.user.uuid)}>
                <bdi>{review.user.username}</bdi>
              </Link>
            </td>
            <td>{review.score} / 10</td>
            <td>
              <p className={local.body} dir="auto">
                {review.review}
              </p>
              <span className={`${styles.muted} ${local.nowrap}`}>{formatDateTime(review.updated_at)}</span>
            </td>
            <td>{t(`state.${review.review_state}`)}</td>
            <td>
              {review.review_state === 'visible' ? (
                // Asks first, as hiding a comment does (issue 40): readers stop seeing it at once.
                <ConfirmButton
                  className={styles.secondary}
                  disabled={change.isPending}
                  question={t('reviews.hideQuestion', { name: review.user.username })}
                  confirmLabel={t('hide')}
                  onConfirm={() => change.mutate({ review, state: 'hidden' })}
                >
                  {t('hide')}
                </ConfirmButton>
              ) : (
                <button
                  type="button"
                  className={styles.button}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ review, state: 'visible' })}
                >
                  {review.review_state === 'held' ? t('approve') : t('show')}
                </button>
              )}
            </td>
          </>
        )}
        error={reviews.error?.message ?? change.error?.message ?? null}
        pager={
          reviews.data && {
            page,
            pageSize: PAGE_SIZE,
            total: reviews.data.total,
            onPage: (next) => setParams((current) => ({ ...Object.fromEntries(current), page: String(next) })),
          }
        }
      />
    </section>
  );
}
