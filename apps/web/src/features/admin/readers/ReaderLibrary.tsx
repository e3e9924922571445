import { READING_STATUSES, type AdminUserLibrary } from '@inkstream/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FormNotice } from '../shell/FieldError';
import { ReasonForm } from './ReasonForm';
import { readersApi } from './readers-api';
import local from './readers.module.css';

/** Issue 61: a reader's library as the console sees it: how many books under each status, and every list. */
export function ReaderLibrary({ userUuid }: { userUuid: string }) {
  const { t } = useTranslation('admin-library');
  const { t: common } = useTranslation('admin');
  const queryKey = ['admin', 'reader', userUuid, 'library'];
  const client = useQueryClient();
  const library = useQuery({ queryKey, queryFn: () => readersApi.library(userUuid) });
  // Every change is read again after (done or refused), so the table shows the server's state.
  const act = (call: () => Promise<unknown>) => call().finally(() => client.invalidateQueries({ queryKey, exact: true }));
  return (
    <section aria-labelledby="reader-library-heading">
      <h2 id="reader-library-heading">{t('title')}</h2>
      {library.isPending && <p role="status">{common('loading')}</p>}
      <FormNotice message={library.error ? library.error.message : null} />
      {library.data && <Library library={library.data} act={act} />}
    </section>
  );
}

function Library({ library, act }: { library: AdminUserLibrary; act: (call: () => Promise<unknown>) => Promise<unknown> }) {
  const { t } = useTranslation('admin-library');
  return (
    <>
      <h3 id="reader-library-statuses">{t('statuses.title')}</h3>
      <dl className={local.facts}>
        {READING_STATUSES.map((status) => (
          <Fragment key={status}>
            <dt>{t(`statuses.${status}`)}</dt>
            <dd>{library.statuses[status]}</dd>
          </Fragment>
        ))}
      </dl>
      <h3 id="reader-library-lists">{t('lists.title')}</h3>
      {library.lists.length === 0 ? (
        <p className={styles.muted}>{t('lists.none')}</p>
      ) : (
        <DataTable
          label={t('lists.title')}
          labelledBy="reader-library-lists"
          columns={[t('lists.name'), t('lists.visibility'), t('lists.books'), t('lists.hidden'), t('lists.actions')]}
          items={library.lists}
          rowKey={(list) => list.list_uuid}
          row={(list) => (
            <>
              <td>
                <bdi>{list.name}</bdi>
              </td>
              <td>{t(`visibility.${list.visibility}`)}</td>
              <td>{list.book_count}</td>
              <td>{list.hidden ? t('lists.hiddenBecause', { reason: list.hidden_reason ?? '' }) : t('lists.shown')}</td>
              <td>
                {list.hidden ? (
                  <button type="button" onClick={() => void act(() => readersApi.unhideList(list.list_uuid))}>
                    {t('lists.unhide')}
                  </button>
                ) : (
                  <ReasonForm
                    title={t('lists.hideTitle', { name: list.name })}
                    action={t('lists.hide')}
                    onSubmit={(reason) => act(() => readersApi.hideList(list.list_uuid, reason))}
                  />
                )}
                {list.visibility === 'public' && !list.hidden && (
                  <button
                    type="button"
                    aria-pressed={list.featured}
                    onClick={() => void act(() => readersApi.featureList(list.list_uuid, !list.featured))}
                  >
                    {t(list.featured ? 'lists.unfeature' : 'lists.feature')}
                  </button>
                )}
              </td>
            </>
          )}
        />
      )}
    </>
  );
}
