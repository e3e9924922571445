import type { Comment } from '@inkstream/contracts';
import type { CommentSort } from '@inkstream/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { publicConfigQuery } from '../../lib/public-config';
import { useOnVisible } from '../chapters';
import { addToNewest, commentKeys, commentsOf, moveChapterCount } from './comment-cache';
import { formatCount } from './format';
import { COMMENTS_ANCHOR, COMMENTS_TITLE_ID, HeadingFocus } from './heading-focus';
import { useChapterComments, useStanding } from './use-comments';
import styles from './Comments.module.css';

const SORTS = ['newest', 'top'] as const satisfies readonly CommentSort[];

// The composer and the comments themselves (with their replies, editor and dialogs, a third of the
// reader's own code) come only when the end of the chapter is near: on slow 3G their 6 KB no longer
// stand between a chapter's first page and the reader's first tap. The heading and the room kept
// for them are here, so the server's page and its take-over are unchanged.
const CommentComposer = lazy(() => import('./CommentComposer').then(({ CommentComposer }) => ({ default: CommentComposer })));
const CommentItem = lazy(() => import('./CommentItem').then(({ CommentItem }) => ({ default: CommentItem })));

/**
 * The comments at the end of a chapter, when the site has the community on (public config): nothing
 * at all otherwise, not even a request. Comments are asked for only when the end of the chapter
 * comes near, so they never compete with the chapter's first pages.
 */
export function ChapterComments({ chapterUuid }: { chapterUuid: string }) {
  const config = useQuery({ ...publicConfigQuery(), staleTime: Infinity });
  return config.data?.community ? <CommentsSection chapterUuid={chapterUuid} /> : null;
}

// Taps, swipes and keys inside the comments are the reader's own: they must not toggle the reader's
// bars or turn the chapter (the reader listens on the whole page area).
const keepInside = (event: SyntheticEvent) => event.stopPropagation();

function CommentsSection({ chapterUuid }: { chapterUuid: string }) {
  const { t } = useTranslation('comments');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const section = useRef<HTMLElement>(null);
  const [isNear, setNear] = useState(false);
  const [sort, setSort] = useState<CommentSort>('newest');
  const heading = useRef<HTMLHeadingElement>(null);
  const [headingFocusAsked, askHeadingFocus] = useState(0);
  const focusHeading = useCallback(() => askHeadingFocus((n) => n + 1), []);
  useEffect(() => {
    if (headingFocusAsked) heading.current?.focus();
  }, [headingFocusAsked]);
  useOnVisible(section, () => setNear(true), !isNear, '1000px');
  useEffect(() => {
    // Without IntersectionObserver (old browsers), load once the page is there.
    if (typeof IntersectionObserver === 'undefined') setNear(true);
  }, []);
  // A link to the comments (a reply alert, a push notice: …#comments) opens the chapter at them:
  // they load at once and the page scrolls to them when they are there.
  const [openedAtComments] = useState(() => typeof window !== 'undefined' && window.location.hash === `#${COMMENTS_ANCHOR}`);
  useEffect(() => {
    if (openedAtComments) setNear(true);
  }, [openedAtComments]);
  const list = useChapterComments(chapterUuid, sort, isNear);
  const standing = useStanding(isNear);
  useEffect(() => {
    if (openedAtComments && list.isSuccess) section.current?.scrollIntoView({ block: 'start' });
  }, [openedAtComments, list.isSuccess]);
  const comments = commentsOf(list.data);
  // The chapter's figure, replies included: the number the chapter list shows for this chapter (not
  // the top-level `total` the pages are counted by).
  const count = list.data?.pages[0]?.comments_count;

  const onPosted = (comment: Comment) => {
    addToNewest(queryClient, chapterUuid, comment);
    if (!comment.hidden) moveChapterCount(queryClient, chapterUuid, 1);
    if (sort !== 'newest') setSort('newest');
    void queryClient.invalidateQueries({ queryKey: commentKeys.list(chapterUuid, 'top') });
  };

  return (
    <HeadingFocus.Provider value={focusHeading}>
      <section
        ref={section}
        id={COMMENTS_ANCHOR}
        className={styles.section}
        aria-labelledby={COMMENTS_TITLE_ID}
        aria-busy={list.isPending || list.isFetchingNextPage}
        onClick={keepInside}
        onTouchStart={keepInside}
        onTouchEnd={keepInside}
      >
        <div className={styles.heading}>
          <h2 ref={heading} id={COMMENTS_TITLE_ID} className={styles.title} tabIndex={-1}>
            {count === undefined ? t('title') : t('titleCount', { number: formatCount(count, language) })}
          </h2>
          <div className={styles.sorts} role="group" aria-label={t('sort.label')}>
            {SORTS.map((value) => (
              <button key={value} type="button" className={styles.sort} aria-pressed={sort === value} onClick={() => setSort(value)}>
                {t(`sort.${value}`)}
              </button>
            ))}
          </div>
        </div>
        {isNear && (
          <Suspense fallback={null}>
            <CommentComposer chapterUuid={chapterUuid} standing={standing.data} onPosted={onPosted} />
          </Suspense>
        )}
        {!isNear || list.isPending ? (
          <CommentsPlaceholder />
        ) : list.isError && comments.length === 0 ? (
          <div className={styles.note}>
            <p role="alert">{t('loadFailed')}</p>
            <button type="button" className={styles.secondary} onClick={() => void list.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : comments.length === 0 ? (
          <p className={styles.note}>{t('empty')}</p>
        ) : (
          <Suspense fallback={<CommentsPlaceholder />}>
            <ul className={styles.list}>
              {comments.map((comment) => (
                <li key={comment.comment_uuid}>
                  <CommentItem comment={comment} chapterUuid={chapterUuid} standing={standing.data} />
                </li>
              ))}
            </ul>
          </Suspense>
        )}
        {list.hasNextPage && (
          <button type="button" className={styles.more} disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? t('loading') : t('more')}
          </button>
        )}
        {list.isFetchNextPageError && (
          <p className={styles.error} role="alert">
            {t('loadFailed')}
          </p>
        )}
      </section>
    </HeadingFocus.Provider>
  );
}

/** Room for the first comments, so the page does not jump when they arrive. */
function CommentsPlaceholder() {
  return (
    <div className={styles.placeholder} aria-hidden="true">
      <div className={styles.skeleton} />
      <div className={styles.skeleton} />
      <div className={styles.skeleton} />
    </div>
  );
}
