import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { BubbleIcon } from '../../components/LineIcon';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { publicConfigQuery } from '../../lib/public-config';
import { formatCount } from './format';
import { COMMENTS_ANCHOR, COMMENTS_TITLE_ID } from './heading-focus';
import { useChapterComments } from './use-comments';
import styles from './Comments.module.css';

/**
 * The end-of-chapter card's way down to the comments: a speech bubble and the chapter's figure
 * (the one the comments heading and the chapter list show), a link to `#comments`. It reads the
 * comments' own first page (the same query as the section below, so one request serves both),
 * asked once `isEnabled` (the card is near). Nothing with the community off.
 *
 * The link scrolls to the section and puts the focus on its heading rather than letting the
 * browser follow the fragment: a keyboard or screen-reader user lands in the comments too, and
 * the router sees no navigation. Opened in a new tab, the address still lands at the comments.
 */
export function CommentsLink({ chapterUuid, isEnabled }: { chapterUuid: string; isEnabled: boolean }) {
  const { t } = useTranslation('comments');
  const language = useLanguage();
  const config = useQuery({ ...publicConfigQuery(), staleTime: Infinity });
  const isOn = config.data?.community === true;
  const list = useChapterComments(chapterUuid, 'newest', isEnabled && isOn);
  if (!isOn) return null;
  const count = list.data?.pages[0]?.comments_count;
  const formatted = count === undefined ? undefined : formatCount(count, language);
  const name = count === undefined ? t('title') : t('jump', { count, formatted });
  const goToComments = (event: MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(COMMENTS_ANCHOR);
    if (!section) return;
    event.preventDefault();
    section.scrollIntoView({ block: 'start' });
    document.getElementById(COMMENTS_TITLE_ID)?.focus({ preventScroll: true });
  };
  return (
    <a href={`#${COMMENTS_ANCHOR}`} className={styles.jump} title={name} onClick={goToComments}>
      <BubbleIcon />
      {formatted !== undefined && <span aria-hidden="true">{formatted}</span>}
      <span className="visually-hidden">{name}</span>
    </a>
  );
}
