import type { ChapterContent, PageImage } from '@inkstream/contracts';
import type { RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useBrowserValue } from '../../lib/browser-value';
import { useLighterImages } from '../../lib/data-saving';
import type { Language } from '../../lib/language';
import { PagePicture } from './PagePicture';
import { pageLoading } from './reading-progress';
import { usePageTracking } from './use-page-tracking';
import styles from './ReadingScreen.module.css';

/** Pages with their sizes; a server without sizes still gives a readable (if jumpier) chapter. */
export function pagesOf(content: ChapterContent): PageImage[] {
  if (content.pages.length === content.images.length) return content.pages;
  return content.images.map((url) => ({ url, width: 0, height: 0 }));
}

interface Props {
  content: ChapterContent;
  language: Language;
  scrollRoot: RefObject<HTMLElement | null>;
}

/**
 * The page images stacked with no gaps. Each box is reserved from the page's width and height
 * before it loads, so nothing below moves (cumulative layout shift stays near zero).
 */
export function ChapterPages({ content, language, scrollRoot }: Props) {
  const { t } = useTranslation('reader');
  const { container, furthestSeen, failed, onImageLoad, onImageError } = usePageTracking(content, language, scrollRoot);
  const pages = pagesOf(content);
  // In the server's HTML only the first page is eager: the others are lazy, so on a connection the
  // browser reports slow they wait for the app's code (html[data-hold-images]); once the app has
  // taken the page over, pageLoading decides.
  const isTakenOver = useBrowserValue(() => true, false);
  // The data saver's pages are lighter: the reader is told so above them.
  const isLighter = useLighterImages();
  return (
    <div ref={container} className={styles.pages}>
      {isLighter && <p className={styles.dataSaverNote}>{t('dataSaverOn')}</p>}
      {pages.map((page, index) => (
        <PagePicture
          key={index}
          page={page}
          index={index}
          alt={t('pageAlt', { number: index + 1, total: pages.length })}
          loading={isTakenOver || index === 0 ? pageLoading(index, furthestSeen) : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          // Spec section 8: a broken image is hidden rather than shown as a broken icon.
          className={failed.has(index) ? styles.broken : styles.page}
          onLoad={onImageLoad}
          onError={onImageError}
        />
      ))}
    </div>
  );
}
