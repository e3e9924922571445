import type { Stats } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { formatAmount, formatNumber } from '../shell/format';
import local from './dashboard.module.css';

/**
 * Renewing memberships on the dashboard (issue 59): the range's renewals, cancellations and failed
 * payments, and now the active subscriptions and their monthly recurring revenue, as the server counted them.
 */
export function SubscriptionFigures({ figures }: { figures: Stats['subscriptions'] }) {
  const { t } = useTranslation('admin-subscriptions');
  const items: [string, string][] = [
    ['renewals', formatNumber(figures.renewals)],
    ['cancellations', formatNumber(figures.cancellations)],
    ['failedPayments', formatNumber(figures.failed_payments)],
    ['active', formatNumber(figures.active)],
    ['mrr', formatAmount(figures.mrr_fen, figures.currency)],
  ];
  return (
    <section aria-labelledby="subscription-figures">
      <h2 id="subscription-figures">{t('dashboard.title')}</h2>
      <dl className={local.kpis}>
        {items.map(([key, value]) => (
          <div key={key} className={`${styles.card} ${local.kpi}`}>
            <dt>{t(`dashboard.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>{t('dashboard.note')}</p>
    </section>
  );
}
