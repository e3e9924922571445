import { adminPath } from '@inkstream/contracts/routes';
import type { AdminUserListQuery } from '@inkstream/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FilterForm } from '../shell/FilterForm';
import { FilterSelect } from '../shell/FilterSelect';
import { formatDate } from '../shell/format';
import { useListParams } from '../shell/use-list-params';
import { MembershipState } from './MembershipState';
import { readersApi } from './readers-api';

const PAGE_SIZE = 50;
const SELECTS = { role: ['user', 'admin'], state: ['active', 'disabled'], member: ['yes', 'no'] } as const;
type SelectName = keyof typeof SELECTS;

/** Readers, newest first (a search: names from its start, in name order) or by uuid; filter by role, account state and membership (kept in the address). */
export function ReaderList() {
  const { t } = useTranslation('admin-readers');
  // The list pages by cursor (the server counts only so far); new filters start at the first page.
  const list = useListParams({ filters: ['q', 'role', 'state', 'member'], pageSize: PAGE_SIZE, paging: 'cursor' });
  const readers = useQuery({
    queryKey: ['admin', 'readers', list.query],
    // What the address says goes to the server as it is: it answers VALIDATION_FAILED to a value it does not know.
    queryFn: () => readersApi.list(list.query as AdminUserListQuery),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="readers-heading">
      <div className={styles.heading}>
        <h1 id="readers-heading">{t('title')}</h1>
      </div>
      <FilterForm onSubmit={list.apply} label={t('searchLandmark')} search>
        <label>
          {t('search')}
          <input className={styles.input} type="search" maxLength={64} {...list.field('q')} />
        </label>
        {(Object.keys(SELECTS) as SelectName[]).map((name) => (
          <FilterSelect
            key={name}
            label={t(`filter.${name}`)}
            any={t('filter.any')}
            choices={SELECTS[name]}
            choiceLabel={(value) => t(`filter.${name}_${value}`)}
            field={list.field(name)}
          />
        ))}
      </FilterForm>
      <DataTable
        label={t('title')}
        columns={[t('username'), t('role'), t('membership'), t('account'), t('invitedBy'), t('joined')]}
        items={readers.data?.items}
        rowKey={(reader) => reader.uuid}
        row={(reader) => (
          <>
            <th scope="row">
              <Link to={adminPath.reader(reader.uuid)}>
                <bdi>{reader.username}</bdi>
              </Link>
            </th>
            <td>{t(`roleName.${reader.role}`)}</td>
            <td>
              <MembershipState membership={reader.membership} />
            </td>
            <td>{reader.disabled_at ? t('disabled') : t('active')}</td>
            <td>{reader.invited_by ? <bdi>{reader.invited_by}</bdi> : '—'}</td>
            <td>{formatDate(reader.created_at)}</td>
          </>
        )}
        error={readers.error?.message}
        pager={readers.data && list.pager(readers.data)}
      />
    </section>
  );
}
