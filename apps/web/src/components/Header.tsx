import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/AuthContext';
import { LanguageSelector } from './LanguageSelector';
import { LibraryLink } from './LibraryLink';
import styles from './Header.module.css';

export function Header() {
  const { t } = useTranslation();
  const { userUuid, username } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [query, setQuery] = useState(urlQuery);
  // Follow the URL when the search changes elsewhere (cleared on the book list, back button).
  useEffect(() => setQuery(urlQuery), [urlQuery]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `/?q=${encodeURIComponent(q)}` : '/');
  };

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {t('siteName')}
        </Link>
        {/* A plain GET to the book list before the app has taken the page over (the server renders `/?q=`). */}
        <form className={styles.search} role="search" action="/" onSubmit={onSearch}>
          <label htmlFor="header-search" className="visually-hidden">
            {t('header.search')}
          </label>
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
          {userUuid ? (
            <Link to="/profile" className={styles.button}>
              {username || t('header.user')}
            </Link>
          ) : (
            <Link to="/login" className={styles.button}>
              {t('header.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
