import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { useAuth } from '../auth';
import { decodeEntities } from '../../lib/decode-entities';
import { isolate } from '../../lib/bidi';
import { BookRow } from './BookRow';
import { becauseYouReadQuery } from './discovery-api';

/**
 * The home page's "Because you read X" (issue 46): books the readers of one of this reader's recent
 * books also read. Signed-in readers only, and only when the server has something to suggest. Its
 * code loads on demand (BookListPage), so the landing page's first download does not grow.
 */
export default function BecauseYouReadRow() {
  const { t } = useTranslation('books');
  const language = useLanguage();
  const { userUuid } = useAuth();
  const query = useQuery({ ...becauseYouReadQuery(language, userUuid ?? ''), enabled: !!userUuid });
  const answer = query.data;
  if (!userUuid || !answer?.basis || answer.result.length === 0) return null;
  return (
    <BookRow
      headingId="because-you-read-heading"
      heading={t('becauseYouRead', { title: isolate(decodeEntities(answer.basis.book_title)) })}
      books={answer.result}
    />
  );
}
