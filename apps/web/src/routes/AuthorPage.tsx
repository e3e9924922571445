import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../components/Loading';
import { NotFound } from '../components/NotFound';
import { useTranslation } from '../i18n/use-translation';
import { useLanguage } from '../i18n/use-language';
import { htmlLang } from '../lib/language';
import { ApiError } from '../lib/api-client';
import { BookCard } from '../features/catalogue/BookCard';
import { authorQuery } from '../features/discovery/discovery-api';
import gridStyles from '../features/catalogue/BookGrid.module.css';
import styles from '../features/discovery/DiscoveryPage.module.css';

/**
 * A credited person's page, `/author/{slug}` (issue 46): their name, what they do (story, art) and
 * their published books, each with their role in it. Linked from a book's credits and the search's
 * author suggestions; server-rendered with its own head and sitemap entry.
 */
export default function AuthorPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const query = useQuery(authorQuery(language, slug));
  const author = query.data;
  const isMissing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  const roles = (list: readonly ('author' | 'artist')[]) =>
    new Intl.ListFormat(htmlLang(language), { type: 'conjunction' }).format(list.map((role) => t(`author.roles.${role}`)));

  useEffect(() => {
    if (author) document.title = `${author.name} · ${t('common:siteName')}`;
  }, [author, t]);

  if (isMissing) return <NotFound kind="author" />;
  if (!author) return query.isError ? <p role="alert">{t('common:status.error')}</p> : <Loading />;
  return (
    <>
      <div className={styles.top}>
        <h1 className={styles.heading} dir="auto">
          {author.name}
        </h1>
        <p className={styles.intro} data-testid="author-summary">
          {author.roles.length > 0 && `${roles(author.roles)} · `}
          {t('author.books', { count: author.books.length })}
        </p>
      </div>
      <section aria-labelledby="author-books">
        <h2 id="author-books" className="visually-hidden">
          {t('author.booksHeading')}
        </h2>
        <ul className={gridStyles.grid}>
          {author.books.map((book, index) => (
            <li key={book.book_uuid}>
              <BookCard book={book} isLargestPaint={index === 0} note={<p className={styles.role}>{roles(book.roles)}</p>} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
