import type { BookSearchOrder } from '@inkstream/contracts/constants';
import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { useBrowserValue } from '../lib/browser-value';
import { isolate } from '../lib/bidi';
import {
  readBookListFilters,
  sortOptions,
  tagParam,
  writeBookListFilter,
  type BookListFilters,
} from '../features/catalogue/book-list-rules';
import { MoreFilters } from '../features/catalogue/MoreFilters';
import { SearchResults } from '../features/catalogue/SearchResults';
import { searchStartPage } from '../features/catalogue/search-page-rules';
import { KindTabs, SortTabs } from '../features/catalogue/SortTabs';
import { useCommunityEnabled } from '../features/ratings';
import listStyles from '../features/catalogue/BookListPage.module.css';
import styles from './SearchPage.module.css';

const HEADING_ID = 'search-heading';

/**
 * The search results page, `/search?q=` (issue 30): the query in a field, the book list's kind,
 * sort and filters, and the results. It is one GET form whose inputs carry the URL's parameter
 * names, so before JavaScript runs (or without it) the search and every filter still work, and
 * the server renders the answer; once the app runs, each change updates the address at once.
 */
export default function SearchPage() {
  const { t } = useTranslation('books');
  const [params, setParams] = useSearchParams();
  const filters = readBookListFilters(params);
  const community = useCommunityEnabled();
  const startPage = searchStartPage(params);
  const q = filters.q ?? '';
  const [draft, setDraft] = useState(q);
  const isInteractive = useBrowserValue(() => true, false);
  // Follow the address when the search changes elsewhere (the header, "did you mean", Back).
  useEffect(() => setDraft(q), [q]);

  useEffect(() => {
    document.title = `${q ? t('searchPage.title', { query: q }) : t('searchPage.titleEmpty')} · ${t('common:siteName')}`;
  }, [q, t]);

  // Filters replace the history entry (Back leaves the search, as on the book list); a new query is a new entry.
  const change = (update: Partial<BookListFilters>) => setParams((current) => writeBookListFilter(current, update), { replace: true });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams((current) => writeBookListFilter(current, { q: draft.trim() || undefined }));
  };

  return (
    <>
      <h1 id={HEADING_ID} className={styles.heading}>
        {q ? t('searchPage.title', { query: isolate(q) }) : t('searchPage.titleEmpty')}
      </h1>
      <form className={styles.form} method="get" action={PAGE_PATTERNS.search} role="search" onSubmit={onSubmit}>
        <div className={styles.field}>
          <label htmlFor="search-page-q" className="visually-hidden">
            {t('searchPage.label')}
          </label>
          <input
            id="search-page-q"
            name="q"
            type="search"
            value={draft}
            maxLength={100}
            dir="auto"
            placeholder={t('searchPage.placeholder')}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className={styles.submit}>
            {t('searchPage.submit')}
          </button>
        </div>
        {filters.tag && <input type="hidden" name="tag" value={tagParam(filters.tag)} />}
        <div className={listStyles.toolbar}>
          <KindTabs kind={filters.type} onChange={(type) => change({ type })} />
          <SortTabs
            order={filters.order}
            options={sortOptions(filters.q, community)}
            onChange={(order: BookSearchOrder) => change({ order })}
          />
          <MoreFilters
            status={filters.status}
            freeOnly={filters.freeOnly}
            hidden={filters.hidden}
            included={filters.included}
            leaveOut={filters.leaveOut}
            onChange={change}
          />
          {/* Without JavaScript a filter applies when the form is sent. */}
          {!isInteractive && (
            <button type="submit" className={styles.apply}>
              {t('searchPage.apply')}
            </button>
          )}
        </div>
      </form>
      {q ? (
        <SearchResults filters={filters} startPage={startPage} labelledBy={HEADING_ID} />
      ) : (
        <p className={styles.prompt}>{t('searchPage.prompt')}</p>
      )}
    </>
  );
}
