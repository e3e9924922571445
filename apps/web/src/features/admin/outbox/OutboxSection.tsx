import { adminPath } from '@inkstream/contracts/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Route, Routes, useParams } from 'react-router';
import type { AdminOutboxItem, AdminOutboxListQuery } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime } from '../shell/format';
import { DataTable } from '../shell/DataTable';
import { FilterForm } from '../shell/FilterForm';
import { FilterSelect } from '../shell/FilterSelect';
import { useListParams } from '../shell/use-list-params';
import { MAIL_KINDS, MAIL_STATES, outboxApi } from './outbox-api';
import local from './outbox.module.css';

const PAGE_SIZE = 50;

/** The e-mail outbox (docs/ADMIN.md, docs/MAIL.md): every message, its state, resend, and the .eml copy. */
export default function OutboxSection() {
  const { t } = useTranslation('admin-outbox');
  return (
    <section aria-labelledby="outbox-heading">
      <div className={styles.heading}>
        <h1 id="outbox-heading">{t('title')}</h1>
      </div>
      <Routes>
        <Route index element={<OutboxList />} />
        <Route path=":uuid" element={<OutboxMessage />} />
      </Routes>
    </section>
  );
}

function ResendButton({ item }: { item: AdminOutboxItem }) {
  const { t } = useTranslation('admin-outbox');
  const client = useQueryClient();
  const resend = useMutation({
    mutationFn: () => outboxApi.resend(item.uuid),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
  if (item.state !== 'failed' && item.state !== 'suppressed') return null;
  return (
    <>
      <button type="button" className={styles.button} disabled={resend.isPending} onClick={() => resend.mutate()}>
        {t('resend')}
      </button>
      {resend.error && (
        <span role="alert" className={local.error}>
          {resend.error.message}
        </span>
      )}
    </>
  );
}

function OutboxList() {
  const { t } = useTranslation('admin-outbox');
  const list = useListParams({ filters: ['state', 'kind'], pageSize: PAGE_SIZE, paging: 'cursor' });
  const outbox = useQuery({
    queryKey: ['admin', 'outbox', list.query],
    queryFn: () => outboxApi.list(list.query as AdminOutboxListQuery),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <p className={styles.muted}>{t('intro')}</p>
      <FilterForm onSubmit={list.apply} label={t('filters')}>
        <FilterSelect
          label={t('column.state')}
          any={t('any')}
          choices={MAIL_STATES}
          choiceLabel={(state) => t(`state.${state}`)}
          field={list.field('state')}
        />
        <FilterSelect
          label={t('column.kind')}
          any={t('any')}
          choices={MAIL_KINDS}
          choiceLabel={(kind) => t(`kind.${kind}`)}
          field={list.field('kind')}
        />
      </FilterForm>
      <DataTable
        label={t('title')}
        caption={t('caption')}
        columns={[t('column.created'), t('column.kind'), t('column.to'), t('column.state'), t('column.attempts'), t('column.actions')]}
        items={outbox.data?.items}
        rowKey={(item) => item.uuid}
        row={(item) => (
          <>
            <td>{formatDateTime(item.created_at)}</td>
            <td>{t(`kind.${item.kind}`, { defaultValue: item.kind })}</td>
            <td className={local.address}>
              <bdi>{item.recipient}</bdi>
              {item.user && (
                <div className={styles.muted}>
                  <bdi>{item.user.username}</bdi>
                </div>
              )}
            </td>
            <td>
              <span className={local[`state_${item.state}`]}>{t(`state.${item.state}`)}</span>
              {item.last_error && (
                <div className={local.lastError}>
                  <bdi>{item.last_error}</bdi>
                </div>
              )}
              {item.state === 'queued' && item.next_attempt_at && (
                <div className={styles.muted}>{t('nextTry', { when: formatDateTime(item.next_attempt_at) })}</div>
              )}
            </td>
            <td>{item.attempts}</td>
            <td>
              <div className={local.actions}>
                {item.has_file && <Link to={adminPath.outboxMessage(item.uuid)}>{t('read')}</Link>}
                <ResendButton item={item} />
              </div>
            </td>
          </>
        )}
        error={outbox.error?.message}
        pager={outbox.data && list.pager(outbox.data)}
      />
    </>
  );
}

/** The message as written to DATA_DIR/mail (no SMTP server): its words and its links, clickable. */
function OutboxMessage() {
  const { t } = useTranslation('admin-outbox');
  const { uuid = '' } = useParams();
  const item = useQuery({ queryKey: ['admin', 'outbox', 'item', uuid], queryFn: () => outboxApi.item(uuid) });
  const message = useQuery({ queryKey: ['admin', 'outbox', 'message', uuid], queryFn: () => outboxApi.message(uuid), retry: false });
  return (
    <article className={local.message} aria-labelledby="outbox-message-subject">
      <p>
        <Link to={adminPath.outbox}>{t('back')}</Link>
      </p>
      <FormNotice message={message.error ? message.error.message : null} />
      {item.data && (
        <dl className={local.meta}>
          <dt>{t('column.to')}</dt>
          <dd>
            <bdi>{item.data.recipient}</bdi>
          </dd>
          <dt>{t('column.kind')}</dt>
          <dd>{t(`kind.${item.data.kind}`, { defaultValue: item.data.kind })}</dd>
          <dt>{t('column.state')}</dt>
          <dd>{t(`state.${item.data.state}`)}</dd>
        </dl>
      )}
      {message.data && (
        <>
          <h2 id="outbox-message-subject" className={local.subject}>
            <bdi>{message.data.subject}</bdi>
          </h2>
          {message.data.links.length > 0 && (
            <>
              <h3 className={local.linksHeading}>{t('links')}</h3>
              <ul className={local.links}>
                {message.data.links.map((link) => (
                  <li key={link}>
                    <a href={link} dir="ltr">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3 className={local.linksHeading}>{t('text')}</h3>
          <pre className={local.text} dir="auto">
            {message.data.text}
          </pre>
        </>
      )}
    </article>
  );
}
