import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { useAuth } from '../auth';
import { BookRow } from './BookRow';
import { alsoReadQuery } from './discovery-api';

/**
 * "Readers also read" (issue 46): the books this book's readers read too, computed by the server in
 * the background. On the book page and the end-of-chapter card; asked only when `isEnabled` (the
 * card asks once it comes near), and absent when there is nothing to suggest or the call failed.
 */
export function AlsoReadRow({
  bookUuid,
  isEnabled = true,
  headingId = 'also-read-heading',
}: {
  bookUuid: string;
  isEnabled?: boolean;
  headingId?: string;
}) {
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const { userUuid } = useAuth();
  const query = useQuery({ ...alsoReadQuery(bookUuid, language, userUuid), enabled: isEnabled && bookUuid !== '' });
  return <BookRow headingId={headingId} heading={t('alsoRead.heading')} books={query.data ?? []} />;
}
