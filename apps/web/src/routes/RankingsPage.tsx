import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { useTagLabel } from '../components/use-tag-label';
import { useTranslation } from '../i18n/use-translation';
import { useLanguage } from '../i18n/use-language';
import { useBrowserValue } from '../lib/browser-value';
import { KindTabs } from '../features/catalogue/SortTabs';
import { useTags } from '../features/catalogue/use-book-search';
import { rankingQuery } from '../features/discovery/discovery-api';
import { RankingList } from '../features/discovery/RankingList';
import {
  hasPeriod,
  RANKING_KINDS,
  RANKING_PERIODS,
  readRankingState,
  writeRankingState,
  type RankingState,
} from '../features/discovery/ranking-rules';
import tabStyles from '../features/catalogue/SortTabs.module.css';
import listStyles from '../features/catalogue/BookListPage.module.css';
import styles from '../features/discovery/DiscoveryPage.module.css';
import rankingStyles from '../features/discovery/RankingsPage.module.css';

const HEADING_ID = 'ranking-heading';

/**
 * The rankings, `/rankings` (issue 46): popular, top rated, rising, new and completed, over a
 * period for the two that count readers, per genre and kind. The whole view is in the address, and
 * the controls are one GET form named as its parameters, so the page works (and is server-rendered)
 * without JavaScript; once the app runs, each change replaces the address at once.
 */
export default function RankingsPage() {
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const tagLabel = useTagLabel();
  const [params, setParams] = useSearchParams();
  const state = readRankingState(params);
  const tags = useTags();
  const isInteractive = useBrowserValue(() => true, false);
  const query = useInfiniteQuery({ ...rankingQuery(language, state), placeholderData: keepPreviousData });
  const entries = query.data?.pages.flatMap((page) => page.result) ?? [];

  useEffect(() => {
    document.title = `${t('rankings.title')} · ${t('common:siteName')}`;
  }, [t]);
  useEffect(() => {
    if (query.error) console.error('ranking failed to load', query.error);
  }, [query.error]);

  // Each choice replaces the history entry: Back leaves the rankings instead of stepping through them.
  const change = (update: Partial<RankingState>) => setParams(writeRankingState({ ...state, ...update }), { replace: true });
  const onSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <>
      <div className={styles.top}>
        <h1 className={styles.heading}>{t('rankings.title')}</h1>
      </div>
      <form className={rankingStyles.controls} method="get" action={PAGE_PATTERNS.rankings} onSubmit={onSubmit}>
        <fieldset className={`${tabStyles.tabs} ${rankingStyles.kinds}`}>
          <legend className="visually-hidden">{t('rankings.kindLabel')}</legend>
          {RANKING_KINDS.map((kind) => (
            <label key={kind} className={tabStyles.tab}>
              <input type="radio" name="kind" value={kind} checked={kind === state.kind} onChange={() => change({ kind })} />
              <span>{t(`rankings.kinds.${kind}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className={listStyles.toolbar}>
          {hasPeriod(state.kind) && (
            <fieldset className={tabStyles.tabs}>
              <legend className="visually-hidden">{t('rankings.periodLabel')}</legend>
              {RANKING_PERIODS.map((period) => (
                <label key={period} className={tabStyles.tab}>
                  <input type="radio" name="period" value={period} checked={period === state.period} onChange={() => change({ period })} />
                  <span>{t(`rankings.periods.${period}`)}</span>
                </label>
              ))}
            </fieldset>
          )}
          <KindTabs kind={state.type} onChange={(type) => change({ type })} />
          <label className={rankingStyles.genre}>
            <span>{t('rankings.genre')}</span>
            <select name="tag" value={state.tag ?? ''} onChange={(event) => change({ tag: event.target.value || undefined })}>
              <option value="">{t('rankings.allGenres')}</option>
              {(tags.data ?? []).map((tag) => (
                <option key={tag} value={tag}>
                  {tagLabel(tag)}
                </option>
              ))}
              {/* A tag in the address the list does not have (yet): still the one shown. */}
              {state.tag && !(tags.data ?? []).includes(state.tag) && <option value={state.tag}>{tagLabel(state.tag)}</option>}
            </select>
          </label>
          {/* Without JavaScript a choice applies when the form is sent. */}
          {!isInteractive && (
            <button type="submit" className={rankingStyles.apply}>
              {t('rankings.apply')}
            </button>
          )}
        </div>
      </form>
      <h2 id={HEADING_ID} className={rankingStyles.listHeading}>
        {t(`rankings.kinds.${state.kind}`)}
        {hasPeriod(state.kind) && ` · ${t(`rankings.periods.${state.period}`)}`}
        {state.tag && ` · ${tagLabel(state.tag)}`}
      </h2>
      <p className={styles.intro}>{t(`rankings.about.${state.kind}`)}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError && entries.length === 0 ? (
        <p role="alert">{t('common:status.error')}</p>
      ) : entries.length === 0 ? (
        <p className={styles.empty}>{t('rankings.empty')}</p>
      ) : (
        <div className={rankingStyles.results} aria-busy={query.isPlaceholderData || undefined}>
          <RankingList entries={entries} labelledBy={HEADING_ID} />
          {query.hasNextPage && !query.isPlaceholderData && (
            <button type="button" className={styles.more} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('rankings.more')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
