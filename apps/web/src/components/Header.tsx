import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth';
import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useHideOnScroll } from '../lib/hide-on-scroll';
import { searchPath } from '../lib/search-path';
import { LanguageSelector } from './LanguageSelector';
import { LibraryLink } from './LibraryLink';
import { comboboxKey, type ComboboxState } from './suggestion-keys';
import { SUGGESTION_LIST_ID, suggestionHref, suggestionOptionId, type Suggestion } from './suggestion-targets';
import styles from './Header.module.css';

// The popup and what it fetches load on the first focus of the field: not part of the landing page's download.
const SuggestionPopup = lazy(() => import('./SuggestionPopup'));
const CLOSED: ComboboxState = { isOpen: false, active: -1 };

/**
 * The site's header bar. On a phone it is one compact row (icons, a search field that opens over
 * the row while it has focus) that steps aside while the reader scrolls down and comes back on
 * scroll up, as the reader's bars do; it comes back at once when something in it gets focus, so a
 * keyboard user never tabs into a hidden bar (Header.module.css, :focus-within).
 */
export function Header() {
  const { t } = useTranslation();
  const { userUuid, username } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [query, setQuery] = useState(urlQuery);
  const scrolledAway = useHideOnScroll(pathname);
  // The search page has its own search box (with the query, kind, sort and filters): one box, not two.
  const isSearchPage = pathname === PAGE_PATTERNS.search;
  // Follow the URL when the search changes elsewhere (cleared on the book list, back button).
  useEffect(() => setQuery(urlQuery), [urlQuery]);

  // Suggestions as the reader types (an ARIA 1.2 combobox). Until the app has taken the page over,
  // the field is a plain search box of a GET form; the combobox roles come with the script.
  const [isInteractive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const [isPopupWanted, setPopupWanted] = useState(false);
  const [combo, setCombo] = useState<ComboboxState>(CLOSED);
  const [suggested, setSuggested] = useState<{ items: Suggestion[]; query: string }>({ items: [], query: '' });
  const onItems = useCallback((items: Suggestion[], forQuery: string) => setSuggested({ items, query: forQuery }), []);
  const input = useRef<HTMLInputElement>(null);
  const typed = query.trim();
  const items = typed === '' ? [] : suggested.items;
  const isExpanded = combo.isOpen && items.length > 0;
  // Told once the suggestions of what is in the field have come (a polite live region: not while typing).
  const announcement =
    combo.isOpen && typed !== '' && suggested.query === typed ? t('header.suggestionCount', { count: items.length }) : '';

  const pick = (index: number) => {
    const item = items[index];
    if (!item) return;
    setCombo(CLOSED);
    navigate(suggestionHref(item));
    // On a phone the search covers the row while it has focus: let it go back.
    input.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // an input method's Enter or arrows are its own
    const outcome = comboboxKey(event.key, combo, items.length, query !== '');
    if (outcome.isHandled) event.preventDefault();
    setCombo(outcome.state);
    if (outcome.action === 'follow') pick(combo.active);
    if (outcome.action === 'clear') setQuery('');
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setCombo(CLOSED);
    const q = query.trim();
    navigate(q ? searchPath(q) : PAGE_PATTERNS.home);
  };

  return (
    <header className={styles.header} data-hidden={scrolledAway ? 'true' : undefined}>
      <div className={styles.inner}>
        <Link to={PAGE_PATTERNS.home} className={styles.brand}>
          {t('siteName')}
        </Link>
        {/* A plain GET to the search page before the app has taken the page over (the server renders `/search?q=`). */}
        <form
          className={styles.search}
          role="search"
          aria-label={t('header.search')}
          action={PAGE_PATTERNS.search}
          onSubmit={onSearch}
          hidden={isSearchPage}
        >
          <label htmlFor="header-search" className="visually-hidden">
            {t('header.search')}
          </label>
          <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2">
            <circle cx="11" cy="11" r="6.5" />
            <path d="M16 16l4.5 4.5" strokeLinecap="round" />
          </svg>
          <input
            ref={input}
            id="header-search"
            name="q"
            type="search"
            value={query}
            maxLength={100}
            placeholder={t('header.search')}
            {...(isInteractive && {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': isExpanded,
              'aria-controls': SUGGESTION_LIST_ID,
              'aria-activedescendant': isExpanded && combo.active >= 0 ? suggestionOptionId(combo.active) : undefined,
              autoComplete: 'off',
            })}
            onChange={(event) => {
              setQuery(event.target.value);
              setCombo({ isOpen: true, active: -1 });
              setPopupWanted(true);
            }}
            onFocus={() => {
              setPopupWanted(true);
              if (query.trim() !== '') setCombo({ isOpen: true, active: -1 });
            }}
            onBlur={() => setCombo(CLOSED)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className={styles.searchButton}>
            {t('header.searchButton')}
          </button>
          <div role="status" className="visually-hidden">
            {announcement}
          </div>
          {isPopupWanted && (
            <Suspense fallback={null}>
              <SuggestionPopup query={query} items={items} isOpen={isExpanded} active={combo.active} onItems={onItems} onPick={pick} />
            </Suspense>
          )}
        </form>
        {/* Discovery (issue 46): on a wide screen; a phone's one row has no room, the book list links both there. */}
        <nav className={styles.discover} aria-label={t('header.discover')}>
          <NavLink to={PAGE_PATTERNS.schedule} className={styles.discoverLink}>
            <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <rect x="3.5" y="5" width="17" height="15" rx="2" />
              <path d="M3.5 10h17M8 3v4M16 3v4" strokeLinecap="round" />
            </svg>
            <span className={styles.discoverLabel}>{t('header.schedule')}</span>
          </NavLink>
          <NavLink to={PAGE_PATTERNS.rankings} className={styles.discoverLink}>
            <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <path d="M4 20V12h4v8M10 20V5h4v15M16 20v-6h4v6M3 20h18" strokeLinecap="round" />
            </svg>
            <span className={styles.discoverLabel}>{t('header.rankings')}</span>
          </NavLink>
        </nav>
        <div className={styles.actions}>
          <LanguageSelector />
          <LibraryLink isLoggedIn={!!userUuid} />
          <Link to={userUuid ? PAGE_PATTERNS.profile : PAGE_PATTERNS.login} className={styles.account}>
            <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
            </svg>
            {/* A user name may be written in another direction than the page: isolated. */}
            <bdi className={styles.accountLabel}>{userUuid ? username || t('header.user') : t('header.login')}</bdi>
          </Link>
        </div>
      </div>
    </header>
  );
}
