import { pagePath, PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { BookCover } from '../components/BookCover';
import { Loading } from '../components/Loading';
import { NotFound } from '../components/NotFound';
import { useAuth } from '../features/auth';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { ApiError } from '../lib/api-client';
import { listsApi } from '../lib/api-lists';
import { decodeEntities } from '../lib/decode-entities';
import { currentPath, withReturn } from '../lib/return-path';
import styles from './ListPage.module.css';

/**
 * Issue 61: a reader's list as anyone with its link sees it (`/lists/{uuid}`): its name, who made
 * it, its books in the maker's order with their notes, and Follow for a public one. The server
 * decides who may see it (a private or hidden list is "not found" for others) and which of its
 * books this reader may open; this only shows what it answers.
 */
export default function ListPage() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation('library');
  const language = useLanguage();
  const { userUuid } = useAuth();
  const here = currentPath(useLocation());
  const queryClient = useQueryClient();
  const key = ['reader-list', uuid, language, userUuid];
  const query = useQuery({ queryKey: key, queryFn: () => listsApi.read(uuid, language) });
  const follow = useMutation({
    mutationFn: (on: boolean) => listsApi.follow(uuid, on),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['reader-list', uuid] }),
  });
  const list = query.data;
  useEffect(() => {
    if (list) document.title = `${decodeEntities(list.name)} · ${t('common:siteName')}`;
  }, [list, t]);

  const isMissing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  if (isMissing) return <NotFound kind="list" />;
  if (!list) return query.isError ? <p role="alert">{t('common:status.error')}</p> : <Loading />;
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} dir="auto">
          {decodeEntities(list.name)}
        </h1>
        <p className={styles.meta}>
          {t('listPage.by', { name: list.owner_username })} · {t('listPage.books', { count: list.books.length })} ·{' '}
          {t('listPage.followers', { count: list.follower_count })}
        </p>
        {list.description && (
          <p className={styles.description} dir="auto">
            {decodeEntities(list.description)}
          </p>
        )}
        {list.visibility === 'public' &&
          !list.mine &&
          (userUuid ? (
            <button
              type="button"
              className={styles.follow}
              aria-pressed={list.following}
              disabled={follow.isPending}
              onClick={() => follow.mutate(!list.following)}
            >
              {list.following ? t('listPage.following') : t('listPage.follow')}
            </button>
          ) : (
            <Link className={styles.follow} to={withReturn(PAGE_PATTERNS.login, here)}>
              {t('listPage.follow')}
            </Link>
          ))}
        {follow.isError && <p role="alert">{t('listPage.followFailed')}</p>}
      </header>
      {list.books.length === 0 ? (
        <p className={styles.empty}>{t('listPage.empty')}</p>
      ) : (
        <ol className={styles.books}>
          {list.books.map((book) => (
            <li key={book.book_uuid} className={styles.book}>
              <div className={styles.cover}>
                <BookCover src={book.cover_image} sizes="96px" />
              </div>
              <div>
                <h2 className={styles.bookTitle} dir="auto">
                  <Link to={pagePath.book(book.book_uuid)}>{decodeEntities(book.book_title)}</Link>
                </h2>
                <p className={styles.meta}>{t('listPage.chapters', { count: book.total_chapters })}</p>
                {book.note && (
                  <p className={styles.note} dir="auto">
                    {book.note}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
