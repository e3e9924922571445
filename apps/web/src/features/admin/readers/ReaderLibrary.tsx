import { READING_STATUSES, type AdminUserLibrary } from '@inkstream/contracts';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FormNotice } from '../shell/FieldError';
import { readersApi } from './readers-api';
import local from './readers.module.css';

/** Issue 61: a reader's library as the console sees it: how many books under each status, and every list. */
export function ReaderLibrary({ userUuid }: { userUuid: string }) {
  const { t } = useTranslation('admin-library');
  const { t: common } = useTranslation('admin');
  const library = useQuery({ queryKey: ['admin', 'reader', userUuid, 'library'], queryFn: () => readersApi.library(userUuid) });
  return (
    <section aria-labelledby="reader-library-heading">
      <h2 id="reader-library-heading">{t('title')}</h2>
      {library.isPending && <p role="status">{common('loading')}</p>}
      <FormNotice message={library.error ? library.error.message : null} />
      {library.data && <Library library={library.data} />}
    </section>
  );
}

function Library({ library }: { library: AdminUserLibrary }) {
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
          columns={[t('lists.name'), t('lists.visibility'), t('lists.books'), t('lists.hidden')]}
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
            </>
          )}
        />
      )}
    </>
  );
}
