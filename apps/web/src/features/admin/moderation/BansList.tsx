import { adminPath } from '@inkstream/contracts/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { DataTable } from '../shell/DataTable';
import { formatDateTime } from '../shell/format';
import local from './moderation.module.css';
import { moderationApi } from './moderation-api';

const PAGE_SIZE = 50;

/** Readers banned from commenting now: why, until when, since when and by whom; lift a ban. */
export function BansList() {
  const { t } = useTranslation('admin-moderation');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 0) || 0;
  const client = useQueryClient();
  const bans = useQuery({
    queryKey: ['admin', 'moderation', 'bans', page],
    queryFn: () => moderationApi.bans(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const lift = useMutation({
    mutationFn: moderationApi.liftBan,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'moderation'] }),
  });
  return (
    <section aria-labelledby="bans-heading">
      <h2 id="bans-heading">{t('bans.title')}</h2>
      <DataTable
        label={t('bans.title')}
        labelledBy="bans-heading"
        columns={[t('bans.reader'), t('bans.reason'), t('bans.until'), t('bans.since'), t('bans.by'), t('actions')]}
        items={bans.data?.items}
        rowKey={(ban) => ban.user.uuid}
        row={(ban) => (
          <>
            <th scope="row">
              <Link to={adminPath.reader(ban.user.uuid)}>
                <bdi>{ban.user.username}</bdi>
              </Link>
            </th>
            <td>
              <bdi>{ban.reason}</bdi>
            </td>
            <td className={local.nowrap}>{ban.until ? formatDateTime(ban.until) : t('ban.forGood')}</td>
            <td className={local.nowrap}>{formatDateTime(ban.created_at)}</td>
            <td>{ban.created_by ? <bdi>{ban.created_by}</bdi> : '—'}</td>
            <td>
              <ConfirmButton
                className={styles.secondary}
                disabled={lift.isPending}
                question={t('bans.liftQuestion', { name: ban.user.username })}
                confirmLabel={t('bans.lift')}
                onConfirm={() => lift.mutate(ban.user.uuid)}
              >
                {t('bans.lift')}
              </ConfirmButton>
            </td>
          </>
        )}
        error={bans.error?.message ?? lift.error?.message ?? null}
        pager={
          bans.data && {
            page,
            pageSize: PAGE_SIZE,
            total: bans.data.total,
            onPage: (next) => setParams((current) => ({ ...Object.fromEntries(current), page: String(next) })),
          }
        }
      />
    </section>
  );
}
