import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { TextField } from './TextField';
import styles from './forms.module.css';

/**
 * The 'use coupon' entry point (spec section 2 implies it). Redemption arrives with the payments
 * issue, so submitting stays disabled with the same 'opens soon' note as the buy buttons.
 */
export function CouponDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onClose={onClose} title={t('coupon.title')}>
      <CouponForm onClose={onClose} />
    </Dialog>
  );
}

function CouponForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('profile');
  const [code, setCode] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      <TextField
        id="coupon-code"
        label={t('coupon.label')}
        value={code}
        onChange={setCode}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        dir="ltr"
      />
      <p id="coupon-soon" className={styles.hint}>
        {t('topUp.comingSoon')}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t('coupon.cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled aria-describedby="coupon-soon">
          {t('coupon.submit')}
        </button>
      </div>
    </form>
  );
}
