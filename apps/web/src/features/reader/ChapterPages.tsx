import type { ChapterContent, PageImage } from '@inkstream/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/language';
import { pageLoading } from './reading-progress';
import { usePageTracking } from './use-page-tracking';
import styles from './Reader.module.css';

/** Pages with their sizes; a server without sizes still gives a readable (if jumpier) chapter. */
function pagesOf(content: ChapterContent): PageImage[] {
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
  return (
    <div ref={container} className={styles.pages}>
      {pages.map((page, index) => {
        const sized = page.width > 0 && page.height > 0;
        return (
          <img
            key={index}
            data-index={index}
            src={page.url}
            alt={t('pageAlt', { number: index + 1, total: pages.length })}
            width={sized ? page.width : undefined}
            height={sized ? page.height : undefined}
            style={sized ? { aspectRatio: `${page.width} / ${page.height}` } : undefined}
            loading={pageLoading(index, furthestSeen)}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding="async"
            // Spec section 8: a broken image is hidden rather than shown as a broken icon.
            className={failed.has(index) ? styles.broken : styles.page}
            onLoad={onImageLoad}
            onError={() => onImageError(index)}
          />
        );
      })}
    </div>
  );
}
