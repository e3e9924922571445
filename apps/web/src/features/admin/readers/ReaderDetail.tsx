import { adminPath } from '@inkstream/contracts/routes';
import type { AdminUserDetail } from '@inkstream/contracts';
import { formatLength } from '@inkstream/contracts/formats';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FormNotice } from '../shell/FieldError';
import { orderPlanLabel } from '../orders/order-plan';
import { formatDate, formatDateTime, formatFen } from '../shell/format';
import { ReaderCommentsPanel } from '../moderation/ReaderCommentsPanel';
import { ReaderDataRights } from '../data-rights/ReaderDataRights';
import { EmailForm } from './EmailForm';
import { CoinGrantForm } from '../coins/CoinGrantForm';
import { GrantForm } from './GrantForm';
import { InviteTree } from './InviteTree';
import { MembershipState } from './MembershipState';
import { ReasonForm } from './ReasonForm';
import { ReaderFeedKeysPanel } from './ReaderFeedKeysPanel';
import { ReaderLibrary } from './ReaderLibrary';
import { ReaderSignInWays } from './ReaderSignInWays';
import { ReaderSubscriptions } from './ReaderSubscriptions';
import { readersApi } from './readers-api';
import local from './readers.module.css';

/** One reader: membership state, the grants ledger, orders, invitations, and the actions an administrator may take. */
export function ReaderDetail() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation('admin-readers');
  const { t: common } = useTranslation('admin');
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['admin', 'reader', uuid], queryFn: () => readersApi.detail(uuid) });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin'] });
  const change = useMutation({ mutationFn: (run: () => Promise<unknown>) => run(), onSuccess: refresh });
  const act = (run: () => Promise<unknown>) => change.mutateAsync(run);

  if (detail.isPending) return <p role="status">{common('loading')}</p>;
  if (detail.error) return <FormNotice message={detail.error.message} />;
  const { user } = detail.data;

  return (
    <section aria-labelledby="reader-heading">
      <p>
        <Link to={adminPath.readers}>{t('back')}</Link>
      </p>
      <div className={styles.heading}>
        <h1 id="reader-heading">
          <bdi>{user.username}</bdi>
        </h1>
      </div>
      <dl className={local.facts}>
        <dt>{t('uuid')}</dt>
        <dd>
          <code>{user.uuid}</code>
        </dd>
        <dt>{t('role')}</dt>
        <dd>{t(`roleName.${user.role}`)}</dd>
        <dt>{t('account')}</dt>
        <dd>{user.disabled_at ? t('disabledSince', { date: formatDateTime(user.disabled_at) }) : t('active')}</dd>
        <dt>{t('membership')}</dt>
        <dd>
          <MembershipState membership={user.membership} />
        </dd>
        <dt>{t('joined')}</dt>
        <dd>{formatDate(user.created_at)}</dd>
        <dt>{t('email.label')}</dt>
        <dd>
          {detail.data.email.address ? (
            <>
              <bdi dir="ltr">{detail.data.email.address}</bdi> ·{' '}
              {detail.data.email.confirmed_at
                ? t('email.confirmedOn', { date: formatDateTime(detail.data.email.confirmed_at) })
                : t('email.pending')}
            </>
          ) : (
            t('email.none')
          )}
        </dd>
      </dl>

      <h2>{t('actions')}</h2>
      <div className={local.actions}>
        <GrantForm onGrant={(body) => act(() => readersApi.grant(uuid, body))} />
        <CoinGrantForm userUuid={uuid} />
        <EmailForm
          key={detail.data.email.address ?? ''}
          current={detail.data.email.address}
          onSubmit={(email, reason) => act(() => readersApi.setEmail(uuid, email, reason))}
        />
        <ReasonForm
          title={t('revoke.title')}
          action={t('revoke.submit')}
          confirm={t('revoke.confirm')}
          danger
          onSubmit={(reason) => act(() => readersApi.revoke(uuid, reason))}
        />
        {user.disabled_at ? (
          <ReasonForm
            title={t('enable.title')}
            action={t('enable.submit')}
            onSubmit={(reason) => act(() => readersApi.enable(uuid, reason))}
          />
        ) : (
          <ReasonForm
            title={t('disable.title')}
            action={t('disable.submit')}
            confirm={t('disable.confirm')}
            danger
            onSubmit={(reason) => act(() => readersApi.disable(uuid, reason))}
          />
        )}
        {user.role === 'admin' ? (
          <ReasonForm
            title={t('roleChange.demoteTitle')}
            action={t('roleChange.demote')}
            confirm={t('roleChange.demoteConfirm')}
            danger
            onSubmit={(reason) => act(() => readersApi.setRole(uuid, 'user', reason))}
          />
        ) : (
          <ReasonForm
            title={t('roleChange.promoteTitle')}
            action={t('roleChange.promote')}
            confirm={t('roleChange.promoteConfirm')}
            onSubmit={(reason) => act(() => readersApi.setRole(uuid, 'admin', reason))}
          />
        )}
        <ReaderDataRights userUuid={uuid} act={act} />
      </div>

      <ReaderCommentsPanel userUuid={user.uuid} username={user.username} />
      <ReaderSignInWays userUuid={user.uuid} />
      <ReaderLibrary userUuid={user.uuid} />
      <ReaderFeedKeysPanel userUuid={user.uuid} />
      <ReaderSubscriptions userUuid={user.uuid} />
      <Ledger grants={detail.data.grants} />
      <Orders orders={detail.data.orders} />
      <h2>{t('invites.title')}</h2>
      <InviteTree invites={detail.data.invites} />
      <h2>{t('coupons.title')}</h2>
      {detail.data.coupon_redemptions.length === 0 ? (
        <p className={styles.muted}>{common('empty')}</p>
      ) : (
        <ul>
          {detail.data.coupon_redemptions.map((r) => (
            <li key={`${r.code}-${r.created_at}`}>
              <code>{r.code}</code> · {formatDateTime(r.created_at)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Ledger({ grants }: { grants: AdminUserDetail['grants'] }) {
  const { t, i18n } = useTranslation('admin-readers');
  const { t: orders } = useTranslation('admin-orders');
  // A paid grant's source is its provider; the others (operator, coupon, invite) have their own words.
  const source = (code: string) => t(`ledger.sources.${code}`, { defaultValue: orders(`provider.${code}`, { defaultValue: code }) });
  return (
    <>
      <h2 id="ledger-heading">{t('ledger.title')}</h2>
      <DataTable
        label={t('ledger.title')}
        labelledBy="ledger-heading"
        columns={['source', 'length', 'starts', 'ends', 'revoked', 'note', 'reference'].map((column) => t(`ledger.${column}`))}
        items={grants}
        rowKey={(grant) => `${grant.source}:${grant.source_ref}`}
        row={(grant) => (
          <>
            <td>{source(grant.source)}</td>
            <td>{formatLength(grant.length_parts, i18n.language)}</td>
            <td>{formatDateTime(grant.starts_at)}</td>
            <td>{formatDateTime(grant.ends_at)}</td>
            <td>{grant.revoked_at ? formatDateTime(grant.revoked_at) : '—'}</td>
            <td>{grant.note ? <bdi>{grant.note}</bdi> : '—'}</td>
            <td>
              <code>{grant.source_ref}</code>
            </td>
          </>
        )}
      />
    </>
  );
}

function Orders({ orders }: { orders: AdminUserDetail['orders'] }) {
  const { t } = useTranslation('admin-readers');
  const { t: words, i18n } = useTranslation('admin-orders');
  return (
    <>
      <h2 id="orders-heading">{t('orders.title')}</h2>
      <DataTable
        label={t('orders.title')}
        labelledBy="orders-heading"
        columns={['id', 'provider', 'plan', 'amount', 'status', 'created', 'paid'].map((column) => t(`orders.${column}`))}
        items={orders}
        rowKey={(order) => order.order_id}
        row={(order) => (
          <>
            <td>
              <code>{order.order_id}</code>
            </td>
            <td>{words(`provider.${order.provider}`, { defaultValue: order.provider })}</td>
            <td>{orderPlanLabel(order, words, i18n.language)}</td>
            <td>{formatFen(order.amount_fen)}</td>
            <td>{words(`status.${order.status}`, { defaultValue: order.status })}</td>
            <td>{formatDateTime(order.created_at)}</td>
            <td>{formatDateTime(order.paid_at)}</td>
          </>
        )}
      />
    </>
  );
}
