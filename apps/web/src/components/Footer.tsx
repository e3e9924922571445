import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../lib/api-client';
import styles from './Footer.module.css';

/** Footer of the book list: copyright and the contact e-mail from the server's public settings. */
export function Footer() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['public-config'], queryFn: api.publicConfig, staleTime: Infinity });
  const email = data?.contact_email;
  return (
    <footer className={styles.footer}>
      <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      {email && (
        <p>
          {t('footer.contact', { email: '' })}
          <a href={`mailto:${email}`}>{email}</a> · <Link to="/contact-us">{t('footer.contactUs')}</Link>
        </p>
      )}
    </footer>
  );
}
