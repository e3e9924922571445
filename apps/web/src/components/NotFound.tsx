import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title';
import styles from './NotFound.module.css';

export type NotFoundKind = 'page' | 'book' | 'chapter' | 'author' | 'list';

/**
 * What a reader sees for an address that leads nowhere: an unknown path, a book or a chapter that
 * does not exist (or is no longer published). Says which, and offers the way home; never the
 * members-only notice, which would promise content that is not there.
 */
export function NotFound({ kind }: { kind: NotFoundKind }) {
  const { t } = useTranslation();
  const title = t(`notFound.${kind}.title`);
  usePageTitle(title);
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title" role="alert">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.body}>{t(`notFound.${kind}.body`)}</p>
      <Link to={PAGE_PATTERNS.home} className={styles.home}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
