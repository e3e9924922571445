import type { LegalKind } from '@inkstream/contracts/constants';
import { formatDate } from '@inkstream/contracts/formats';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../components/use-page-title';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { legalPageQuery } from './legal-api';
import { LegalText } from './LegalDocumentView';
import styles from './legal.module.css';

/** `/privacy` and `/terms` (issue 43): the operator's text in the reader's language, server-rendered. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('legal');
  const language = useLanguage();
  const page = useQuery(legalPageQuery(kind, language));
  const title = t(`${kind}.title`);
  usePageTitle(title);
  // The day a version came out, the same on the server and in the browser (UTC).
  return (
    <article className={styles.page} aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      {page.isPending && <Loading />}
      {page.isError && (
        <p role="alert">
          {t('failed')}{' '}
          <button type="button" onClick={() => void page.refetch()}>
            {t('retry')}
          </button>
        </p>
      )}
      {page.data && (
        <>
          <p className={styles.meta}>
            {page.data.published_at === null
              ? t('builtIn')
              : t('published', { version: page.data.version, date: formatDate(page.data.published_at, language, { timeZone: 'UTC' }) })}
            {page.data.language !== language && <> {t('otherLanguage')}</>}
          </p>
          <LegalText document={page.data} />
        </>
      )}
    </article>
  );
}
