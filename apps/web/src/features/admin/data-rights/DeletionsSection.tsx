import { adminPath } from '@inkstream/contracts/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { useCursorPages } from '../shell/cursor-pages';
import { DataTable } from '../shell/DataTable';
import { FormNotice } from '../shell/FieldError';
import { ReasonField, useReasonAction } from '../readers/reason-action';
import { dataRightsAdminApi, type DeletionItem, type DeletionState } from './data-rights-api';
import { when } from './when';
import local from './data-rights.module.css';

const STATES: readonly DeletionState[] = ['pending', 'erased'];

/** Cancelling a pending deletion at the reader's request: the reason, then the call. */
function CancelDeletion({ item }: { item: DeletionItem }) {
  const { t } = useTranslation('admin-datarights');
  const client = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const change = useReasonAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await change.send(async (reason) => {
      await dataRightsAdminApi.cancelDeletion(item.user_uuid, reason);
      await client.invalidateQueries({ queryKey: ['admin'] });
    });
  };
  if (!open)
    return (
      <button type="button" className={styles.secondary} onClick={() => setOpen(true)} aria-label={t('cancel.named', { name: item.name })}>
        {t('cancel.submit')}
      </button>
    );
  return (
    <form className={local.cancel} onSubmit={submit} aria-label={t('cancel.named', { name: item.name })}>
      <FormNotice message={change.errors.message} />
      <ReasonField id={id} action={change} />
      <button type="submit" className={styles.button} disabled={change.busy || change.reason.trim() === ''}>
        {t('cancel.confirm')}
      </button>
    </form>
  );
}

/**
 * Deletions (issue 43, docs/WEB.md): accounts in their grace period, which the operator may cancel at
 * the reader's request, and the accounts already erased (named by their pseudonym).
 */
export default function DeletionsSection() {
  const { t } = useTranslation('admin-datarights');
  const [params] = useSearchParams();
  const state: DeletionState = params.get('state') === 'erased' ? 'erased' : 'pending';
  const pages = useCursorPages(state);
  const list = useQuery({
    queryKey: ['admin', 'deletions', state, pages.cursor],
    queryFn: () => dataRightsAdminApi.deletions(state, pages.cursor),
    placeholderData: keepPreviousData,
  });
  const pending = state === 'pending';
  const columns = [
    t('column.reader'),
    t('column.requested'),
    t(pending ? 'column.eraseAt' : 'column.erasedAt'),
    t('column.by'),
    t('column.comments'),
    t('column.reason'),
    ...(pending ? [t('column.actions')] : []),
  ];

  return (
    <section aria-labelledby="deletions-heading">
      <div className={styles.heading}>
        <h1 id="deletions-heading">{t('title')}</h1>
      </div>
      <p className={styles.muted}>{t('intro')}</p>
      <nav aria-label={t('tabsLabel')}>
        <ul className={styles.sectionTabs}>
          {STATES.map((tab) => (
            <li key={tab}>
              <Link
                to={tab === 'pending' ? adminPath.deletions : `${adminPath.deletions}?state=${tab}`}
                aria-current={tab === state ? 'page' : undefined}
              >
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DataTable
        label={t(`tabs.${state}`)}
        columns={columns}
        items={list.data?.items}
        rowKey={(item) => item.user_uuid}
        row={(item) => (
          <>
            <td>
              {pending ? (
                <Link to={adminPath.reader(item.user_uuid)}>
                  <bdi>{item.name}</bdi>
                </Link>
              ) : (
                <bdi>{item.name}</bdi>
              )}
            </td>
            <td>{when(item.requested_at)}</td>
            <td>{when(pending ? item.erase_at : item.erased_at)}</td>
            <td>{t(`by.${item.requested_by}`)}</td>
            <td>{t(`comments.${item.comments}`)}</td>
            <td>{item.reason ? <bdi>{item.reason}</bdi> : '—'}</td>
            {pending && (
              <td>
                <CancelDeletion item={item} />
              </td>
            )}
          </>
        )}
        error={list.error?.message}
      />
      <div className={local.pager}>
        <button type="button" className={styles.secondary} disabled={pages.page === 0} onClick={pages.previous}>
          {t('admin:pager.previous')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={!list.data?.next_cursor}
          onClick={() => list.data?.next_cursor && pages.next(list.data.next_cursor, list.data.items.length)}
        >
          {t('admin:pager.next')}
        </button>
      </div>
    </section>
  );
}
