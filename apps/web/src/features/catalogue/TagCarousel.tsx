import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useTagLabel } from '../../components/use-tag-label';
import { tagScrollStep } from './layout-rules';
import { ScrollButton } from './ScrollButton';
import { useTags } from './use-book-search';
import { useCarouselScroll } from './use-carousel-scroll';
import styles from './TagCarousel.module.css';

const TRACK_ID = 'tag-track';
const stepFor = () => tagScrollStep(window.innerWidth);

interface TagCarouselProps {
  activeTag: string | undefined;
  /** Called with the clicked tag, or undefined for "All"; the page decides that the active tag clears. */
  onSelect: (tag: string | undefined) => void;
}

/** Genre chips in a horizontal scroller; the pressed chip is the active filter. */
export function TagCarousel({ activeTag, onSelect }: TagCarouselProps) {
  const { t } = useTranslation('books');
  const tagLabel = useTagLabel();
  const { data: tags } = useTags();
  const step = useCallback(stepFor, []);
  const { ref, canPrevious, canNext, scroll } = useCarouselScroll<HTMLUListElement>(step, tags);

  return (
    <div className={styles.bar} role="group" aria-label={t('tags.label')}>
      <ScrollButton direction="previous" label={t('tags.previous')} controls={TRACK_ID} disabled={!canPrevious} onScroll={scroll} />
      <ul id={TRACK_ID} ref={ref} className={styles.track}>
        <li>
          <button type="button" className={styles.chip} aria-pressed={activeTag === undefined} onClick={() => onSelect(undefined)}>
            {t('tags.all')}
          </button>
        </li>
        {(tags ?? []).map((tag) => (
          <li key={tag}>
            <button type="button" className={styles.chip} aria-pressed={tag === activeTag} onClick={() => onSelect(tag)}>
              <bdi>{tagLabel(tag)}</bdi>
            </button>
          </li>
        ))}
      </ul>
      <ScrollButton direction="next" label={t('tags.next')} controls={TRACK_ID} disabled={!canNext} onScroll={scroll} />
    </div>
  );
}
