import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDate } from '../shell/format';
import { useCursorPages } from '../shell/cursor-pages';
import { Pager } from '../shell/Pager';
import { readersApi } from './readers-api';
import { MembershipState } from './MembershipState';
import { ScrollRegion } from '../shell/ScrollRegion';

const PAGE_SIZE = 50;
const SELECTS = { role: ['user', 'admin'], state: ['active', 'disabled'], member: ['yes', 'no'] } as const;
type SelectName = keyof typeof SELECTS;

/** Readers, newest first (a search: names from its start, in name order) or by uuid; filter by role, account state and membership (kept in the address). */
export function ReaderList() {
  const { t } = useTranslation('admin-readers');
  const { t: common } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filter = {
    q: params.get('q') ?? undefined,
    role: params.get('role') ?? undefined,
    state: params.get('state') ?? undefined,
    member: params.get('member') ?? undefined,
  };
  const [draft, setDraft] = useState<Record<string, string>>(() => ({
    q: filter.q ?? '',
    role: filter.role ?? '',
    state: filter.state ?? '',
    member: filter.member ?? '',
  }));
  // The list pages by cursor (the server counts only so far); new filters start at the first page.
  const pages = useCursorPages(JSON.stringify(filter));
  const readers = useQuery({
    queryKey: ['admin', 'readers', pages.cursor, filter],
    queryFn: () => readersApi.list({ page_size: PAGE_SIZE, cursor: pages.cursor, ...filter }),
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of Object.entries(draft)) if (value.trim()) next.set(name, value.trim());
    setParams(next);
  };

  return (
    <section aria-labelledby="readers-heading">
      <div className={styles.heading}>
        <h1 id="readers-heading">{t('title')}</h1>
      </div>
      <form className={styles.filters} onSubmit={apply} role="search" aria-label={t('searchLandmark')}>
        <label>
          {t('search')}
          <input
            className={styles.input}
            type="search"
            maxLength={64}
            value={draft.q ?? ''}
            onChange={(event) => setDraft((current) => ({ ...current, q: event.target.value }))}
          />
        </label>
        {(Object.keys(SELECTS) as SelectName[]).map((name) => (
          <label key={name}>
            {t(`filter.${name}`)}
            <select
              className={styles.input}
              value={draft[name] ?? ''}
              onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
            >
              <option value="">{t('filter.any')}</option>
              {SELECTS[name].map((value) => (
                <option key={value} value={value}>
                  {t(`filter.${name}_${value}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button type="submit" className={styles.button}>
          {common('filter')}
        </button>
      </form>
      <FormNotice message={readers.error ? readers.error.message : null} />
      <ScrollRegion label={t('title')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('username')}</th>
              <th scope="col">{t('role')}</th>
              <th scope="col">{t('membership')}</th>
              <th scope="col">{t('account')}</th>
              <th scope="col">{t('invitedBy')}</th>
              <th scope="col">{t('joined')}</th>
            </tr>
          </thead>
          <tbody>
            {readers.data?.items.map((reader) => (
              <tr key={reader.uuid}>
                <th scope="row">
                  <Link to={`/admin/readers/${reader.uuid}`}>
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
              </tr>
            ))}
            {readers.data?.items.length === 0 && (
              <tr>
                <td colSpan={6}>{common('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {readers.data && (
        <Pager
          page={pages.page}
          pageSize={PAGE_SIZE}
          total={readers.data.total}
          totalIsLowerBound={readers.data.total_is_lower_bound}
          hasNext={Boolean(readers.data.next_cursor)}
          position={pages.position}
          shown={readers.data.items.length}
          onPage={(next) =>
            next > pages.page && readers.data.next_cursor
              ? pages.next(readers.data.next_cursor, readers.data.items.length)
              : pages.previous()
          }
        />
      )}
    </section>
  );
}
