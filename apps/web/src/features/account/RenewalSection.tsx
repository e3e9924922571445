import { PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { formatDateTime } from '@inkstream/contracts/formats';
import type { Subscription } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api, ApiError } from '../../lib/api-client';
import { formatYuan } from '../../lib/format-price';
import { currentLanguage } from '../../lib/language';
import { FormAlert } from './FormAlert';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/** The words of each refusal a reader can meet here (issue 59); anything else: try again. */
const ERROR_KEYS: Record<string, string> = {
  SUBSCRIPTION_NOT_FOUND: 'errors.notFound',
  SUBSCRIPTION_ENDED: 'errors.ended',
  SUBSCRIPTION_PROVIDER_FAILED: 'errors.provider',
  RATE_LIMITED: 'errors.rateLimited',
};
const errorKey = (error: unknown) => (error instanceof ApiError && ERROR_KEYS[error.code]) || 'errors.generic';

/**
 * A renewing membership on the profile (issue 59): what it costs and when it renews, cancel in one
 * click (a reason is optional), resume in one click, the card at Stripe's portal, and the failed
 * payment's banner. Everything shown is the server's decision (state, dates, what may be done).
 * Nothing renders for a reader who never had one.
 */
export function RenewalSection() {
  const { t } = useTranslation('renewal');
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const { data: subscription } = useQuery({ queryKey: ['account', 'subscription'], queryFn: () => api.subscription(), staleTime: 0 });
  const settle = (next: Subscription | null) => {
    queryClient.setQueryData(['account', 'subscription'], next);
    void queryClient.invalidateQueries({ queryKey: ['account', 'membership'] });
    setAsking(false);
    setReason('');
  };
  const cancel = useMutation({ mutationFn: () => api.cancelRenewal(reason.trim() || undefined), onSuccess: settle });
  const resume = useMutation({ mutationFn: () => api.resumeRenewal(), onSuccess: settle });
  const simulate = useMutation({ mutationFn: api.simulateRenewal, onSuccess: settle });
  const portal = useMutation({ mutationFn: () => api.renewalPortal(), onSuccess: ({ url }) => window.location.assign(url) });
  if (!subscription) return null;

  const date = (iso: string | null) => (iso ? formatDateTime(iso, language) : '');
  const price = formatYuan(subscription.price / 100, language);
  const plan = t(`plans:names.${subscription.plan}`);
  const failure = cancel.error ?? resume.error ?? portal.error ?? simulate.error;
  const busy = cancel.isPending || resume.isPending || portal.isPending || simulate.isPending;
  // The sandbox's stand-in for what the provider does next, only where it applies (sandbox-subscriptions.ts).
  const simulations: [event: 'renewal_paid' | 'renewal_failed' | 'period_end' | 'terminated', label: string][] =
    subscription.provider !== 'sandbox'
      ? []
      : subscription.state === 'renewing'
        ? [
            ['renewal_paid', 'simulate.renewal_paid'],
            ['renewal_failed', 'simulate.renewal_failed'],
            ['terminated', 'simulate.terminated'],
          ]
        : subscription.state === 'past_due'
          ? [
              ['renewal_paid', 'simulate.fixed'],
              ['period_end', 'simulate.exhausted'],
            ]
          : subscription.state === 'canceling'
            ? [['period_end', 'simulate.period_end']]
            : [];

  return (
    <section id={PROFILE_SECTIONS.renewal} className={profile.section} aria-labelledby="renewal-title">
      <h2 id="renewal-title" className={profile.sectionTitle}>
        {t('heading')}
      </h2>
      {subscription.state === 'past_due' && (
        <p className={styles.error} role="alert" data-testid="renewal-failed">
          {t(subscription.provider === 'wechat' ? 'pastDueWechat' : 'pastDue', { date: date(subscription.grace_until) })}
        </p>
      )}
      <p className={profile.sectionText} data-testid="renewal-state">
        {subscription.state === 'renewing' && t('renewing', { plan, date: date(subscription.renews_at), price })}
        {subscription.state === 'canceling' && t('canceling', { plan, date: date(subscription.ends_at) })}
        {subscription.state === 'past_due' && t('pastDueState', { plan, price })}
        {subscription.state === 'ended' && t('ended', { plan, date: date(subscription.ends_at) })}
      </p>
      {subscription.provider === 'sandbox' && <p className={profile.sectionText}>{t('sandbox')}</p>}
      {simulations.length > 0 && (
        <div className={profile.group} data-testid="renewal-simulate">
          <h3 className={profile.groupTitle}>{t('simulate.heading')}</h3>
          <div className={profile.buttonRow}>
            {simulations.map(([event, label]) => (
              <button key={event} type="button" className={styles.secondary} disabled={busy} onClick={() => simulate.mutate(event)}>
                {t(label)}
              </button>
            ))}
          </div>
        </div>
      )}
      {failure && <FormAlert>{t(errorKey(failure))}</FormAlert>}
      {asking ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate();
          }}
        >
          <p className={profile.sectionText}>{t('confirm', { date: date(subscription.ends_at) })}</p>
          <div className={styles.field}>
            <label htmlFor={reasonId}>{t('reason')}</label>
            <textarea
              id={reasonId}
              className={profile.reason}
              maxLength={500}
              rows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className={profile.buttonRow}>
            <button type="submit" className={styles.primary} disabled={busy}>
              {t('confirmCancel')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
              {t('keep')}
            </button>
          </div>
        </form>
      ) : (
        <div className={profile.buttonRow}>
          {subscription.can_cancel && (
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => setAsking(true)}>
              {t('cancel')}
            </button>
          )}
          {subscription.can_resume && (
            <button type="button" className={styles.primary} disabled={busy} onClick={() => resume.mutate()}>
              {t('resume')}
            </button>
          )}
          {subscription.can_manage_payment && (
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => portal.mutate()}>
              {t('manageCard')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
