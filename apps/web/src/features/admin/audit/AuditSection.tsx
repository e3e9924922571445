import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import { auditApi } from '../shell/admin-api';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime } from '../shell/format';
import { useCursorPages } from '../shell/cursor-pages';
import { Pager } from '../shell/Pager';
import { ScrollRegion } from '../shell/ScrollRegion';
import { AuditChanges } from './AuditChanges';

const PAGE_SIZE = 50;
const FILTERS = ['actor', 'action', 'target_type', 'target_id'] as const;

/** The audit log: every change made in the console or by the CLI, newest first; filters live in the address. */
export default function AuditSection() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? undefined]));
  // The log pages by cursor (the server counts only so far); new filters start at the first page.
  const pages = useCursorPages(JSON.stringify(filter));
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])),
  );
  const entries = useQuery({
    queryKey: ['admin', 'audit', pages.cursor, filter],
    queryFn: () => auditApi.list({ page_size: PAGE_SIZE, cursor: pages.cursor, ...filter }),
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name]?.trim()) next.set(name, draft[name]!.trim());
    setParams(next);
  };

  return (
    <section aria-labelledby="audit-heading">
      <div className={styles.heading}>
        <h1 id="audit-heading">{t('audit.title')}</h1>
      </div>
      <form className={styles.filters} onSubmit={apply}>
        {FILTERS.map((name) => (
          <label key={name}>
            {t(`audit.filter.${name}`)}
            <input
              className={styles.input}
              value={draft[name] ?? ''}
              onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
            />
          </label>
        ))}
        <button type="submit" className={styles.button}>
          {t('filter')}
        </button>
      </form>
      <FormNotice message={entries.error ? entries.error.message : null} />
      <ScrollRegion label={t('audit.title')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('audit.when')}</th>
              <th scope="col">{t('audit.filter.actor')}</th>
              <th scope="col">{t('audit.filter.action')}</th>
              <th scope="col">{t('audit.target')}</th>
              <th scope="col">{t('audit.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.data?.items.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.created_at)}</td>
                <td>{entry.actor}</td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td>
                  {t(`audit.targetType.${entry.target_type}`, { defaultValue: entry.target_type })}{' '}
                  <bdi dir="auto">{entry.names[entry.target_id] ?? entry.target_id}</bdi>
                </td>
                <td>
                  <AuditChanges entry={entry} />
                </td>
              </tr>
            ))}
            {entries.data?.items.length === 0 && (
              <tr>
                <td colSpan={5}>{t('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {entries.data && (
        <Pager
          page={pages.page}
          pageSize={PAGE_SIZE}
          total={entries.data.total}
          totalIsLowerBound={entries.data.total_is_lower_bound}
          hasNext={Boolean(entries.data.next_cursor)}
          position={pages.position}
          shown={entries.data.items.length}
          onPage={(next) =>
            next > pages.page && entries.data.next_cursor
              ? pages.next(entries.data.next_cursor, entries.data.items.length)
              : pages.previous()
          }
        />
      )}
    </section>
  );
}
