import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useSettledImage } from '../lib/use-settled-image';
import styles from './BookCover.module.css';

// Demo and uploaded covers are 600 x 800; the attributes give the browser the 3:4 box before the file arrives.
const COVER_WIDTH = 600;
const COVER_HEIGHT = 800;

interface BookCoverProps {
  src: string | null;
  /** The cover in several widths (the API's cover_srcset); the browser takes the smallest that is sharp enough. */
  srcSet?: string | null | undefined;
  /** How wide the cover shows, for choosing from srcSet. */
  sizes?: string;
  /** The page's largest paint (the first cover of the first screen): asked for first. */
  isHighPriority?: boolean;
  /**
   * Issue 61: the server says this reader sees the card blurred (the API's cover_blurred): a mature
   * cover drawn blurred, or an adult book's card without its cover (src null). The mark names the rating.
   */
  blurred?: boolean | undefined;
  rating?: string | undefined;
  children?: ReactNode;
}

/**
 * A cover in a reserved 3:4 box. It is decorative (alt=""): the card's title names the book.
 * A missing or broken image leaves the empty box (spec section 8: broken images are hidden).
 *
 * Every cover is lazy, even in the first row: it still loads as soon as the page is laid out, but
 * on a connection the browser reports slow (`html[data-hold-images]`, set by the server's page) it
 * waits until the app's code is in. Titles come first and the page answers a tap sooner; a cover
 * is decoration, and on 400 kbit/s a row of them took the line from the code for seconds.
 */
export function BookCover({ src, srcSet, sizes, isHighPriority = false, blurred = false, rating, children }: BookCoverProps) {
  const { t } = useTranslation('common');
  const [isBroken, setBroken] = useState(false);
  const image = useSettledImage(
    () => undefined,
    () => setBroken(true),
  );
  return (
    <div className={blurred ? `${styles.cover} ${styles.blurred}` : styles.cover}>
      {src && !isBroken && (
        <img
          ref={image.ref}
          src={src}
          srcSet={srcSet ?? undefined}
          sizes={srcSet ? sizes : undefined}
          alt=""
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading="lazy"
          decoding="async"
          fetchPriority={isHighPriority ? 'high' : 'auto'}
          onError={image.onError}
        />
      )}
      {blurred && rating && (
        <span className={styles.ratingMark}>
          <span aria-hidden="true">{t(`contentRating.${rating}`)}</span>
          <span className="visually-hidden">{t('contentRating.coverHidden', { rating: t(`contentRating.${rating}`) })}</span>
        </span>
      )}
      {children}
    </div>
  );
}
