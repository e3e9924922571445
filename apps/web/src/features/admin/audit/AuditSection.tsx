import type { AuditListQuery } from '@inkstream/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { auditApi } from '../shell/admin-api';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FilterForm } from '../shell/FilterForm';
import { formatDateTime } from '../shell/format';
import { useListParams } from '../shell/use-list-params';
import { AuditChanges } from './AuditChanges';

const PAGE_SIZE = 50;
const FILTERS = ['actor', 'action', 'target_type', 'target_id'] as const;

/** The audit log: every change made in the console or by the CLI, newest first; filters live in the address. */
export default function AuditSection() {
  const { t } = useTranslation('admin');
  // The log pages by cursor (the server counts only so far); new filters start at the first page.
  const list = useListParams({ filters: FILTERS, pageSize: PAGE_SIZE, paging: 'cursor' });
  const entries = useQuery({
    queryKey: ['admin', 'audit', list.query],
    queryFn: () => auditApi.list(list.query as AuditListQuery),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="audit-heading">
      <div className={styles.heading}>
        <h1 id="audit-heading">{t('audit.title')}</h1>
      </div>
      <FilterForm onSubmit={list.apply}>
        {FILTERS.map((name) => (
          <label key={name}>
            {t(`audit.filter.${name}`)}
            <input className={styles.input} {...list.field(name)} />
          </label>
        ))}
      </FilterForm>
      <DataTable
        label={t('audit.title')}
        columns={[t('audit.when'), t('audit.filter.actor'), t('audit.filter.action'), t('audit.target'), t('audit.changes')]}
        items={entries.data?.items}
        rowKey={(entry) => entry.id}
        row={(entry) => (
          <>
            <td>{formatDateTime(entry.created_at)}</td>
            <td>{entry.actor}</td>
            <td>
              {/* The action in words; its code (what the Action filter takes) as the hint. */}
              <span title={entry.action}>{t(`audit.action.${entry.action}`, { defaultValue: entry.action })}</span>
            </td>
            <td>
              {t(`audit.targetType.${entry.target_type}`, { defaultValue: entry.target_type })}{' '}
              <bdi dir="auto">{entry.names[entry.target_id] ?? entry.target_id}</bdi>
            </td>
            <td>
              <AuditChanges entry={entry} />
            </td>
          </>
        )}
        error={entries.error?.message}
        pager={entries.data && list.pager(entries.data)}
      />
    </section>
  );
}
