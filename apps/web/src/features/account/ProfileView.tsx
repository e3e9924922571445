import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import { currentLanguage } from '../../lib/language';
import { useAuth } from '../auth';
import { ApiTokenDialog } from './ApiTokenDialog';
import { ConsoleLink } from './ConsoleLink';
import { AgeSection } from './AgeSection';
import { CoinsSection } from './CoinsSection';
import { ContinueAfterPurchase } from './ContinueAfterPurchase';
import { EmailNoticesSection } from './EmailNoticesSection';
import { EmailSection } from './EmailSection';
import { FeedKeysSection } from './FeedKeysSection';
import { GiftSection } from './GiftSection';
import { InviteSection } from './InviteSection';
import { LinkedProvidersSection } from './LinkedProvidersSection';
import { MembershipSummary } from './MembershipSummary';
import { PasskeysSection } from './PasskeysSection';
import { PasswordDialog } from './PasswordDialog';
import { RecentSignInsSection } from './RecentSignInsSection';
import { RenewalSection } from './RenewalSection';
import { TopUpSection } from './TopUpSection';
import { TwoStepSection } from './TwoStepSection';
import { usePageTitle } from '../../components/use-page-title';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/**
 * The profile screen of spec section 2; /profile is already behind the login guard. `yourData`: the
 * data-rights feature's section (issue 43), which the route puts in (that feature uses this one's fields).
 */
export function ProfileView({ yourData }: { yourData?: ReactNode }) {
  const { t } = useTranslation('profile');
  const { userUuid, username, logout } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'token' | 'password' | null>(null);
  usePageTitle(t('title'));
  // A link to a section (the reminder e-mail's /profile#top-up): the screen renders after the
  // browser looked for the anchor, so scroll to it once it exists.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const onLogout = () => {
    // The router applies navigations as transitions; logging out in the same transition renders both
    // together, so the login guard never sees this screen without a user and detours to /login.
    startTransition(() => {
      logout();
      navigate(PAGE_PATTERNS.home, { replace: true });
    });
    // Membership, invite code and the like belong to the account that just left.
    queryClient.clear();
  };

  return (
    <div className={profile.page}>
      <h1 className={profile.title}>{t('title')}</h1>
      <ContinueAfterPurchase />
      <section className={profile.section} aria-labelledby="account-title">
        <h2 id="account-title" className="visually-hidden">
          {t('summary.heading')}
        </h2>
        <MembershipSummary username={username || t('common:header.user')} />
        <div className={profile.buttonRow}>
          <button type="button" className={styles.secondary} onClick={() => setDialog('token')}>
            {t('token.open')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => setDialog('password')}>
            {t('password.open')}
          </button>
        </div>
      </section>
      <EmailSection />
      <RenewalSection />
      <TopUpSection userUuid={userUuid ?? ''} language={currentLanguage()} />
      <GiftSection language={currentLanguage()} />
      <CoinsSection userUuid={userUuid ?? ''} language={currentLanguage()} />
      <EmailNoticesSection />
      {/* Issue 61: the age confirmation, on a site that shows adult books to confirmed readers. */}
      <AgeSection />
      <FeedKeysSection />
      <InviteSection />
      <TwoStepSection />
      {/* Issue 60: passkeys and the recent sign-ins. */}
      <PasskeysSection />
      <RecentSignInsSection />
      {/* Issue 60: OpenID providers linked to the account (its own component). */}
      <LinkedProvidersSection />
      {yourData}
      <div className={profile.bottomRow}>
        <Link to={PAGE_PATTERNS.home} className={styles.secondary}>
          {t('backHome')}
        </Link>
        <ConsoleLink userUuid={userUuid} />
        <button type="button" className={styles.primary} onClick={onLogout}>
          {t('logout')}
        </button>
      </div>
      <ApiTokenDialog open={dialog === 'token'} onClose={() => setDialog(null)} />
      <PasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
    </div>
  );
}
