import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { usePageTitle } from '../../components/use-page-title';
import { accountApi } from '../../lib/api-account';
import { MEMBERSHIP_QUERY_KEY } from './CouponDialog';
import { couponErrorKey } from './coupon-error';
import { formatExpiry } from './format-expiry';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/**
 * Issue 59: /gift#<code>, the link a gift's buyer passes on. The reader is signed in (the route's
 * guard sends them to log in and back); they confirm, and the server decides: the new end of their
 * membership, or why not (their own gift, redeemed already, refunded), in their words.
 */
export function GiftRedeem({ code }: { code: string }) {
  const { t } = useTranslation('profile');
  usePageTitle(t('giftRedeem.title'));
  const queryClient = useQueryClient();
  const redeem = useMutation({
    mutationFn: () => accountApi.redeemCoupon(code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY }),
  });
  return (
    <div className={profile.page}>
      <h1 className={profile.title}>{t('giftRedeem.title')}</h1>
      {code === '' ? (
        <p role="alert" className={styles.error}>
          {t('coupon.errors.invalid')}
        </p>
      ) : (
        <section className={profile.section}>
          <p>{t('giftRedeem.intro')}</p>
          <p>
            {t('gift.codeLabel')} <strong dir="ltr">{code}</strong>
          </p>
          {redeem.isSuccess && (
            <p role="status" className={styles.success}>
              {t('giftRedeem.success', { expiry: formatExpiry(redeem.data.expire_at) })}
            </p>
          )}
          {redeem.isError && (
            <p role="alert" className={styles.error}>
              {t(`coupon.errors.${couponErrorKey(redeem.error)}`)}
            </p>
          )}
          {!redeem.isSuccess && (
            <button type="button" className={styles.primary} disabled={redeem.isPending} onClick={() => redeem.mutate()}>
              {redeem.isPending ? t('coupon.submitting') : t('giftRedeem.confirm')}
            </button>
          )}
        </section>
      )}
      <div className={profile.bottomRow}>
        <Link to={PAGE_PATTERNS.profile} className={styles.secondary}>
          {t('giftRedeem.toProfile')}
        </Link>
      </div>
    </div>
  );
}
