import type { Membership } from '@inkstream/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Dialog } from '../../components/Dialog';
import { accountApi } from '../../lib/api-account';
import { couponErrorKey } from './coupon-error';
import { formatExpiry } from './format-expiry';
import { TextField } from './TextField';
import styles from '../../components/forms.module.css';

/** The key MembershipSummary reads the profile's membership with; refreshed after a redemption. */
export const MEMBERSHIP_QUERY_KEY = ['account', 'membership'] as const;

export const COUPON_CODE_MAX = 64;

/** The 'use coupon' entry point (spec section 2 implies it): redeems a code for membership time. */
export function CouponDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onClose={onClose} title={t('coupon.title')}>
      <CouponForm onClose={onClose} />
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so reopening starts with an empty code and no message. */
function CouponForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const redeem = useMutation({
    mutationFn: (value: string) => accountApi.redeemCoupon(value),
    onSuccess: async () => {
      setCode('');
      await queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY });
    },
  });
  const trimmed = code.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || redeem.isPending) return;
    redeem.mutate(trimmed);
  };

  const onChange = (value: string) => {
    setCode(value);
    // A stale error would describe a code that is no longer in the field.
    if (redeem.isError) redeem.reset();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {redeem.isSuccess && <SuccessMessage membership={redeem.data} />}
      {redeem.isError && (
        <p className={styles.error} role="alert">
          {t(`coupon.errors.${couponErrorKey(redeem.error)}`)}
        </p>
      )}
      <TextField
        id="coupon-code"
        label={t('coupon.label')}
        value={code}
        onChange={onChange}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={COUPON_CODE_MAX}
        disabled={redeem.isPending}
        dir="ltr"
      />
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {redeem.isSuccess ? t('coupon.close') : t('coupon.cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled={!trimmed || redeem.isPending}>
          {redeem.isPending ? t('coupon.submitting') : t('coupon.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * The new expiry in the profile's zh-CN format, isolated left-to-right so it reads correctly inside
 * Arabic. Built from t() around a marker rather than with <Trans>, which would add its HTML parser
 * to the libraries every page loads.
 */
function SuccessMessage({ membership }: { membership: Membership }) {
  const { t } = useTranslation('profile');
  const marker = '\u2063expiry\u2063';
  const [before = '', after = ''] = t('coupon.success', { expiry: marker })
    .replace(/<\/?time>/g, '')
    .split(marker);
  return (
    <p className={styles.success} role="status">
      {before}
      <time dateTime={membership.expire_at} dir="ltr">
        {formatExpiry(membership.expire_at)}
      </time>
      {after}
    </p>
  );
}
