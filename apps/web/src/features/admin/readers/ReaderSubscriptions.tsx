import { adminPath } from '@inkstream/contracts/routes';
import type { AdminSubscription } from '@inkstream/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FormNotice } from '../shell/FieldError';
import { formatAmount, formatDate, formatDateTime } from '../shell/format';
import { ReasonForm } from './ReasonForm';
import { readersApi } from './readers-api';
import local from './readers.module.css';

const ERROR_CODES = ['SUBSCRIPTION_ENDED', 'SUBSCRIPTION_PROVIDER_FAILED', 'SUBSCRIPTION_NOT_FOUND', 'CONFLICT'] as const;

/**
 * A reader's renewing memberships (issue 59): each as the server states it, its invoices with the
 * orders that paid them (a renewal is refunded from its order's page), and "stop renewal".
 */
export function ReaderSubscriptions({ userUuid }: { userUuid: string }) {
  const { t } = useTranslation('admin-subscriptions');
  const { t: common } = useTranslation('admin');
  const client = useQueryClient();
  const queryKey = ['admin', 'reader', userUuid, 'subscriptions'];
  const list = useQuery({ queryKey, queryFn: () => readersApi.subscriptions(userUuid) });
  const errorMessages = Object.fromEntries(ERROR_CODES.map((code) => [code, t(`errors.${code}`)]));

  const stop = async (id: number, reason: string) => {
    const next = await readersApi.stopRenewal(userUuid, id, reason);
    client.setQueryData(queryKey, next);
    // The membership shown above may read differently now.
    await client.invalidateQueries({ queryKey: ['admin', 'reader', userUuid], exact: true });
  };

  return (
    <section aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading">{t('title')}</h2>
      {list.isPending && <p role="status">{common('loading')}</p>}
      <FormNotice message={list.error ? list.error.message : null} />
      {list.data && list.data.length === 0 && <p className={styles.muted}>{t('none')}</p>}
      {list.data?.map((sub) => (
        <Subscription key={sub.id} sub={sub} onStop={(reason) => stop(sub.id, reason)} errorMessages={errorMessages} />
      ))}
    </section>
  );
}

function Subscription({
  sub,
  onStop,
  errorMessages,
}: {
  sub: AdminSubscription;
  onStop: (reason: string) => Promise<unknown>;
  errorMessages: Record<string, string>;
}) {
  const { t } = useTranslation('admin-subscriptions');
  const { t: orders } = useTranslation('admin-orders');
  const headingId = `subscription-${sub.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t(`plan.${sub.plan}`)} · {t(`state.${sub.state}`)}
      </h3>
      <dl className={local.facts}>
        <dt>{t('facts.provider')}</dt>
        <dd>
          {orders(`provider.${sub.provider}`, { defaultValue: sub.provider })} · <code>{sub.provider_ref}</code>
        </dd>
        {sub.renews_at && (
          <>
            <dt>{t('facts.renewsAt')}</dt>
            <dd>{formatDateTime(sub.renews_at)}</dd>
          </>
        )}
        {sub.ends_at && (
          <>
            <dt>{t('facts.endsAt')}</dt>
            <dd>{formatDateTime(sub.ends_at)}</dd>
          </>
        )}
        {sub.grace_until && (
          <>
            <dt>{t('facts.graceUntil')}</dt>
            <dd>{formatDateTime(sub.grace_until)}</dd>
          </>
        )}
        {sub.cancel_reason && (
          <>
            <dt>{t('facts.cancelReason')}</dt>
            <dd>
              <bdi>{sub.cancel_reason}</bdi>
            </dd>
          </>
        )}
        <dt>{t('facts.created')}</dt>
        <dd>{formatDate(sub.created_at)}</dd>
      </dl>
      <DataTable
        label={t('invoices.title')}
        columns={['kind', 'amount', 'status', 'created', 'order'].map((column) => t(`invoices.${column}`))}
        items={sub.invoices}
        rowKey={(invoice) => invoice.invoice_ref}
        row={(invoice) => (
          <>
            <td>{t(invoice.billing_reason === 'subscription_create' ? 'invoices.first' : 'invoices.renewal')}</td>
            <td>{formatAmount(invoice.amount, invoice.currency)}</td>
            <td>{t(`invoiceStatus.${invoice.status}`)}</td>
            <td>{formatDateTime(invoice.created_at)}</td>
            <td>
              {invoice.order ? (
                <>
                  <Link to={adminPath.order(invoice.order.order_id)}>
                    <code>{invoice.order.order_id}</code>
                  </Link>{' '}
                  · {orders(`status.${invoice.order.status}`, { defaultValue: invoice.order.status })}
                </>
              ) : (
                t('invoices.noOrder')
              )}
            </td>
          </>
        )}
      />
      {sub.can_stop_renewal && (
        <ReasonForm
          title={t('stop.title')}
          action={t('stop.submit')}
          confirm={t('stop.confirm')}
          danger
          onSubmit={onStop}
          errorMessages={errorMessages}
        />
      )}
    </article>
  );
}
