import { useTranslation } from '../i18n/use-translation';
import styles from './ContactPage.module.css';

/** /contact-us shows the logo only (spec section 2). */
export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('footer.contactUs')}</h1>
      <img src="/icons/icon.svg" alt={t('siteName')} width={256} height={256} />
    </div>
  );
}
