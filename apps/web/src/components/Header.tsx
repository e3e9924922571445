import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth';
import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useHideOnScroll } from '../lib/hide-on-scroll';
import { searchPath } from '../lib/search-path';
import { LanguageSelector } from './LanguageSelector';
import { LibraryLink } from './LibraryLink';
import styles from './Header.module.css';

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
  // Follow the URL when the search changes elsewhere (cleared on the book list, back button).
  useEffect(() => setQuery(urlQuery), [urlQuery]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? searchPath(q) : '/');
  };

  return (
    <header className={styles.header} data-hidden={scrolledAway ? 'true' : undefined}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {t('siteName')}
        </Link>
        {/* A plain GET to the search page before the app has taken the page over (the server renders `/search?q=`). */}
        <form className={styles.search} role="search" aria-label={t('header.search')} action={PAGE_PATTERNS.search} onSubmit={onSearch}>
          <label htmlFor="header-search" className="visually-hidden">
            {t('header.search')}
          </label>
          <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2">
            <circle cx="11" cy="11" r="6.5" />
            <path d="M16 16l4.5 4.5" strokeLinecap="round" />
          </svg>
          <input
            id="header-search"
            name="q"
            type="search"
            value={query}
            maxLength={100}
            placeholder={t('header.search')}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className={styles.searchButton}>
            {t('header.searchButton')}
          </button>
        </form>
        <div className={styles.actions}>
          <LanguageSelector />
          <LibraryLink isLoggedIn={!!userUuid} />
          <Link to={userUuid ? '/profile' : '/login'} className={styles.account}>
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
