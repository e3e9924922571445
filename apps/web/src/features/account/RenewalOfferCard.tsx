import type { RenewalOffer } from '@inkstream/contracts';
import { formatDateTime } from '@inkstream/contracts/formats';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatYuan } from '../../lib/format-price';
import { currentLanguage } from '../../lib/language';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/**
 * Issue 59: the same plan again in one tap, for a one-time member in their last days (the server
 * decides who is offered what: GET /user/membership/renewal_offer). `onRenew` starts the payment
 * flow (WeChat Pay's QR, or the sandbox's checkout); `button`: a provider's own button instead.
 */
export function RenewalOfferCard({ offer, onRenew, button }: { offer: RenewalOffer; onRenew?: () => void; button?: ReactNode }) {
  const { t } = useTranslation('renewal');
  const language = currentLanguage();
  const plan = t(`plans:names.${offer.plan}`);
  const price = formatYuan(offer.price / 100, language);
  return (
    <div className={`${profile.group} ${profile.offer}`} data-testid="renewal-offer">
      <p className={profile.sectionText}>{t('offer.text', { plan, date: formatDateTime(offer.ends_at, language) })}</p>
      {onRenew ? (
        <button type="button" className={styles.primary} onClick={onRenew}>
          {t('offer.renew', { price })}
        </button>
      ) : (
        button
      )}
    </div>
  );
}
