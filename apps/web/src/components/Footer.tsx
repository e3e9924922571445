import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router';
import { publicConfigQuery } from '../lib/public-config';
import { useNow } from '../lib/render-clock';
import styles from './Footer.module.css';

/** Footer of the book list and the legal pages: copyright, the contact e-mail from the server's public settings, and the privacy and terms pages. */
export function Footer() {
  const { t } = useTranslation();
  const { data } = useQuery({ ...publicConfigQuery(), staleTime: Infinity });
  const email = data?.contact_email;
  // The year of the render's clock (UTC on both sides), so a page hydrated after New Year still matches.
  const now = useNow();
  return (
    <footer className={styles.footer}>
      <p>{t('footer.copyright', { year: new Date(now).getUTCFullYear() })}</p>
      {email && (
        <p>
          {t('footer.contact', { email: '' })}
          <a href={`mailto:${email}`}>{email}</a> · <Link to={PAGE_PATTERNS.contact}>{t('footer.contactUs')}</Link>
        </p>
      )}
      <p>
        <Link to={PAGE_PATTERNS.privacy}>{t('footer.privacy')}</Link> · <Link to={PAGE_PATTERNS.terms}>{t('footer.terms')}</Link>
      </p>
    </footer>
  );
}
