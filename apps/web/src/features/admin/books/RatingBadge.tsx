import type { ContentRatingValue } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import local from './books.module.css';

/** A book's content rating as a small badge (All ages, Teen, Mature, Adult); adult stands out. */
export function RatingBadge({ rating }: { rating: ContentRatingValue }) {
  const { t } = useTranslation('admin-books');
  return <span className={rating === 'adult' ? local.ratingAdult : local.rating}>{t(`rating.${rating}`)}</span>;
}
