import { ErrorCode } from '@inkstream/contracts/error-codes';
import { PAGE_PATTERNS, PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api-client';
import { currentPath, withReturn } from '../../lib/return-path';
import { useAuth } from '../auth';
import styles from './AgeGate.module.css';

/** Issue 61: the server refused a book this reader has not confirmed their age for (403 AGE_CONFIRMATION_REQUIRED). */
export const isAgeRefusal = (error: unknown): boolean => error instanceof ApiError && error.code === ErrorCode.AGE_CONFIRMATION_REQUIRED;

/**
 * What a reader meets instead of an adult book the site shows blurred to them: what it is, and the
 * one way in (a visitor signs in; a reader confirms their age in the profile, then comes back here).
 * The server decided it; this only says it.
 */
export function AgeGate() {
  const { t } = useTranslation('common');
  const { userUuid } = useAuth();
  const here = currentPath(useLocation());
  return (
    <section className={styles.gate} role="alert" aria-labelledby="age-gate-title">
      <span className={styles.mark} aria-hidden="true">
        {t('contentRating.adult')}
      </span>
      <h2 id="age-gate-title" className={styles.title}>
        {t('contentRating.gate.title')}
      </h2>
      <p>{t(userUuid ? 'contentRating.gate.reader' : 'contentRating.gate.visitor')}</p>
      {userUuid ? (
        <Link className={styles.action} to={`${withReturn(PAGE_PATTERNS.profile, here)}#${PROFILE_SECTIONS.age}`}>
          {t('contentRating.gate.confirm')}
        </Link>
      ) : (
        <Link className={styles.action} to={withReturn(PAGE_PATTERNS.login, here)}>
          {t('contentRating.gate.signIn')}
        </Link>
      )}
    </section>
  );
}
