import type { PageImage } from '@inkstream/contracts';
import { useState, type CSSProperties } from 'react';
import { useSettledImage } from '../../lib/use-settled-image';
import styles from './ReadingScreen.module.css';

interface Props {
  page: PageImage;
  index: number;
  alt: string;
  className: string | undefined;
  loading: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'auto';
  style?: CSSProperties;
  /**
   * False for a page kept in the document ahead of being shown (the paged reader's next views):
   * no `data-index`, which marks the pages shown (the reader's DOM contract).
   */
  indexed?: boolean;
  onLoad(): void;
  /** Called once the page cannot be shown in any format. */
  onError(index: number): void;
}

/**
 * One page (or illustration) as `<picture>`: the smaller AVIF and WebP variants first, the
 * universal fallback in `<img>`, which keeps the width and height (its box is reserved before any
 * byte arrives) and the loading hints. A browser does not try the next source when the one it chose
 * fails, so a failed variant is dropped and the fallback asked for before the page counts as broken.
 */
export function PagePicture({
  page,
  index,
  alt,
  className,
  loading,
  fetchPriority = 'auto',
  style,
  indexed = true,
  onLoad,
  onError,
}: Props) {
  const [variantsFailed, setVariantsFailed] = useState(false);
  const sources = variantsFailed ? [] : (page.sources ?? []);
  const sized = page.width > 0 && page.height > 0;
  const handleError = () => (sources.length > 0 ? setVariantsFailed(true) : onError(index));
  const image = useSettledImage(onLoad, handleError);
  return (
    // The picture's own box counts only while a slow connection holds the page back (its CSS).
    <picture className={styles.picture} style={sized ? { aspectRatio: `${page.width} / ${page.height}` } : undefined}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.url} />
      ))}
      <img
        ref={image.ref}
        data-index={indexed ? index : undefined}
        src={page.url}
        alt={alt}
        width={sized ? page.width : undefined}
        height={sized ? page.height : undefined}
        style={sized ? { aspectRatio: `${page.width} / ${page.height}`, ...style } : style}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
        onLoad={image.onLoad}
        onError={image.onError}
      />
    </picture>
  );
}
