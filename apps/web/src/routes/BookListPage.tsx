import type { BookSearchOrder } from '@inkstream/contracts/constants';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useAuth } from '../features/auth/AuthContext';
import { BookGrid } from '../features/catalogue/BookGrid';
import {
  readBookListFilters,
  sortOptions,
  toggleTag,
  writeBookListFilter,
  type BookListFilters,
} from '../features/catalogue/book-list-rules';
import { RecommendedCarousel } from '../features/catalogue/RecommendedCarousel';
import { SearchSummary } from '../features/catalogue/SearchSummary';
import { MoreFilters } from '../features/catalogue/MoreFilters';
import { KindTabs, SortTabs } from '../features/catalogue/SortTabs';
import { useCommunityEnabled } from '../features/ratings';
import { useTagLabel } from '../components/use-tag-label';
import { TagCarousel } from '../features/catalogue/TagCarousel';
import { useBrowserValue } from '../lib/browser-value';
import { readStorage, STORAGE_KEYS } from '../lib/storage-keys';
import styles from '../features/catalogue/BookListPage.module.css';

// Only readers who have read something see this row: its code loads on demand.
const ContinueReadingRow = lazy(() => import('../features/library/ContinueReadingRow'));
// Signed-in readers only (issue 46): loaded on demand too.
const BecauseYouReadRow = lazy(() => import('../features/discovery/BecauseYouReadRow'));

const LIST_HEADING_ID = 'book-list-heading';

/** The book list, `/` and `/books` (spec section 2): recommendations, tags, sort tabs, the grid and the footer. */
export function BookListPage() {
  const { t } = useTranslation('books');
  const [params, setParams] = useSearchParams();
  const filters = readBookListFilters(params);
  const community = useCommunityEnabled();
  const { userUuid } = useAuth();
  const tagLabel = useTagLabel();
  const hasProgress = useBrowserValue(() => !!userUuid || readStorage(STORAGE_KEYS.hasProgress) === '1', false);

  useEffect(() => {
    document.title = `${t('common:siteName')} · ${t('common:tagline')}`;
  }, [t]);

  // Filter changes replace the history entry: Back leaves the list instead of stepping through filters.
  const change = (update: Partial<BookListFilters>) => setParams((current) => writeBookListFilter(current, update), { replace: true });

  return (
    <>
      <h1 className="visually-hidden">{t('pageTitle')}</h1>
      {/* A title search shows its results first; the recommendations come back with the whole list. */}
      {!filters.q && hasProgress && (
        <Suspense fallback={null}>
          <ContinueReadingRow />
        </Suspense>
      )}
      {!filters.q && <RecommendedCarousel />}
      {!filters.q && userUuid && (
        <Suspense fallback={null}>
          <BecauseYouReadRow />
        </Suspense>
      )}
      {!filters.q && (
        <nav className={styles.discover} aria-label={t('common:header.discover')}>
          <Link to={PAGE_PATTERNS.schedule}>{t('discover.schedule')}</Link>
          <Link to={PAGE_PATTERNS.rankings}>{t('discover.rankings')}</Link>
        </nav>
      )}
      <TagCarousel activeTag={filters.tag} onSelect={(tag) => change({ tag: toggleTag(filters.tag, tag) })} />
      <div className={styles.toolbar}>
        {filters.q ? (
          <SearchSummary query={filters.q} headingId={LIST_HEADING_ID} onClear={() => change({ q: undefined })} />
        ) : (
          <h2 id={LIST_HEADING_ID} className={styles.heading}>
            {filters.tag ? tagLabel(filters.tag) : t('list.heading')}
          </h2>
        )}
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
          leaveOut={filters.leaveOut}
          onChange={change}
        />
      </div>
      <BookGrid filters={filters} labelledBy={LIST_HEADING_ID} />
    </>
  );
}
