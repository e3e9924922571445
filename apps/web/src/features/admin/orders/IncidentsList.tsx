import type { PaymentIncident } from '@inkstream/contracts';
import { adminPath } from '@inkstream/contracts/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';
import { formatDateTime } from '../shell/format';
import { Pager } from '../shell/Pager';
import local from './orders.module.css';
import { planKindName } from './order-plan';
import { ordersApi } from './orders-api';

const PAGE_SIZE = 50;
const STATES = ['open', 'resolved', 'all'] as const;
/**
 * Incident kinds said in words, with what to do (incidents.kinds.<kind>); the others show their code,
 * explained in docs/PAYMENTS.md. erased_account (issue 43): a payment that arrived after the account
 * was erased, whose reference is the order to refund.
 */
const EXPLAINED_KINDS: readonly string[] = ['erased_account'];

/** Payment incidents: what a provider paid for but the server could not apply; resolve (grant) or dismiss. */
export function IncidentsList() {
  const { t } = useTranslation('admin-orders');
  const { t: common } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 0) || 0;
  const state = STATES.find((s) => s === params.get('state')) ?? 'open';
  const incidents = useQuery({
    queryKey: ['admin', 'incidents', state, page],
    queryFn: () => ordersApi.incidents({ state, page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <div className={styles.filters}>
        <label>
          {t('incidents.state')}
          <select
            className={styles.input}
            value={state}
            onChange={(event) => setParams(new URLSearchParams({ state: event.target.value }))}
          >
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`incidents.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FormNotice message={incidents.error ? incidents.error.message : null} />
      {incidents.data?.items.length === 0 && <p>{common('empty')}</p>}
      <ul className={`${local.stack} ${local.plainList}`}>
        {incidents.data?.items.map((incident) => (
          <li key={incident.id}>
            <IncidentCard incident={incident} />
          </li>
        ))}
      </ul>
      {incidents.data && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={incidents.data.total}
          onPage={(next) => setParams(new URLSearchParams({ state, page: String(next) }))}
        />
      )}
    </>
  );
}

function IncidentCard({ incident }: { incident: PaymentIncident }) {
  const { t } = useTranslation('admin-orders');
  const id = `incident-${incident.id}`;
  const explained = EXPLAINED_KINDS.includes(incident.kind);
  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        #{incident.id} {incident.provider}{' '}
        {explained ? <span title={incident.kind}>{t(`incidents.kinds.${incident.kind}.label`)}</span> : <code>{incident.kind}</code>}
      </h2>
      {explained && <p className={styles.muted}>{t(`incidents.kinds.${incident.kind}.explain`)}</p>}
      {incident.kind === 'erased_account' && incident.resolved_at === null && (
        <p>
          <Link to={adminPath.order(incident.reference)}>{t('incidents.openOrder', { order: incident.reference })}</Link>
        </p>
      )}
      <dl className={local.facts}>
        <dt>{t('incidents.reference')}</dt>
        <dd>
          <bdi>{incident.reference}</bdi>
        </dd>
        <dt>{t('column.plan')}</dt>
        <dd>{incident.plan ? planKindName(incident.plan, t) : '—'}</dd>
        <dt>{t('column.created')}</dt>
        <dd>{formatDateTime(incident.created_at)}</dd>
        {incident.resolved_at && (
          <>
            <dt>{t('incidents.resolved')}</dt>
            <dd>
              {formatDateTime(incident.resolved_at)}: <bdi>{incident.resolution}</bdi>
            </dd>
          </>
        )}
      </dl>
      <details>
        <summary>{t('incidents.detail')}</summary>
        <pre className={styles.json}>{JSON.stringify(incident.detail, null, 1)}</pre>
      </details>
      {incident.resolved_at === null && (
        <div className={local.stack}>
          {incident.can_grant && <ResolveForm incident={incident} />}
          <DismissForm incident={incident} />
        </div>
      )}
    </article>
  );
}

function useIncidentMutation<T>(action: (input: T) => Promise<PaymentIncident>) {
  const client = useQueryClient();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: () => {
      setErrors(NO_ERRORS);
      void client.invalidateQueries({ queryKey: ['admin', 'incidents'] });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
    onError: (error) => setErrors(toFormErrors(error)),
  });
  return { mutation, errors };
}

function ResolveForm({ incident }: { incident: PaymentIncident }) {
  const { t } = useTranslation('admin-orders');
  const [username, setUsername] = useState('');
  const [plan, setPlan] = useState<'' | 'month' | 'season'>('');
  const { mutation, errors } = useIncidentMutation(() =>
    ordersApi.resolve(incident.id, { username: username.trim(), ...(plan ? { plan } : {}) }),
  );
  const base = `resolve-${incident.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(undefined);
  };
  return (
    <form onSubmit={submit} aria-label={t('incidents.resolveTitle')}>
      <h3>{t('incidents.resolveTitle')}</h3>
      <p className={styles.muted}>{t('incidents.resolveExplain')}</p>
      <FormNotice message={errors.message} />
      <div className={styles.field}>
        <label htmlFor={`${base}-user`}>{t('incidents.username')}</label>
        <input
          id={`${base}-user`}
          className={styles.input}
          value={username}
          required
          maxLength={64}
          aria-describedby={errors.fields.username ? `${base}-user-error` : undefined}
          onChange={(event) => setUsername(event.target.value)}
        />
        <FieldError id={`${base}-user-error`} message={errors.fields.username} />
      </div>
      {incident.plan === null && (
        <div className={styles.field}>
          <label htmlFor={`${base}-plan`}>{t('column.plan')}</label>
          <select
            id={`${base}-plan`}
            className={styles.input}
            value={plan}
            required
            onChange={(event) => setPlan(event.target.value as typeof plan)}
          >
            <option value="">{t('incidents.choosePlan')}</option>
            <option value="month">{t('plan.month')}</option>
            <option value="season">{t('plan.season')}</option>
          </select>
          <FieldError id={`${base}-plan-error`} message={errors.fields.plan} />
        </div>
      )}
      <button type="submit" className={styles.button} disabled={mutation.isPending}>
        {t('incidents.resolve')}
      </button>
    </form>
  );
}

function DismissForm({ incident }: { incident: PaymentIncident }) {
  const { t } = useTranslation('admin-orders');
  const [note, setNote] = useState('');
  const { mutation, errors } = useIncidentMutation(() => ordersApi.dismiss(incident.id, note.trim()));
  const base = `dismiss-${incident.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(undefined);
  };
  return (
    <form onSubmit={submit} aria-label={t('incidents.dismissTitle')}>
      <h3>{t('incidents.dismissTitle')}</h3>
      <FormNotice message={errors.message} />
      <div className={styles.field}>
        <label htmlFor={`${base}-note`}>{t('incidents.note')}</label>
        <input
          id={`${base}-note`}
          className={styles.input}
          value={note}
          required
          maxLength={500}
          aria-describedby={errors.fields.note ? `${base}-note-error` : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        <FieldError id={`${base}-note-error`} message={errors.fields.note} />
      </div>
      <button type="submit" className={styles.secondary} disabled={mutation.isPending}>
        {t('incidents.dismiss')}
      </button>
    </form>
  );
}
