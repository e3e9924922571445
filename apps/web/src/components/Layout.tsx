import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { lazy, Suspense, type ReactNode } from 'react';
import { withRestOfLanguage } from '../i18n';
import { useTranslation } from '../i18n/use-translation';
import { Outlet, useLocation } from 'react-router';
import { useAccountNotice } from '../lib/account-notice';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

// Rare (a deletion cancelled or scheduled, issue 43): its code and texts load only when there is one.
const AccountNoticeBanner = lazy(withRestOfLanguage(() => import('../features/data-rights/AccountNoticeBanner')));

// The legal pages too: a reader who follows the footer's link finds the other one there.
const PAGES_WITH_FOOTER = new Set<string>([PAGE_PATTERNS.home, PAGE_PATTERNS.books, PAGE_PATTERNS.privacy, PAGE_PATTERNS.terms]);

/**
 * Header bar on every page (spec section 2), then the screen, then (on the book list) the footer,
 * outside <main> so it is the page's contentinfo landmark. The reader has its own full-bleed layout.
 * `notice`: what the app shows above every such screen (App.tsx: the offline banner, issue 47).
 */
export function Layout({ notice: appNotice }: { notice?: ReactNode }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const notice = useAccountNotice();
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('skipToContent')}
      </a>
      <Header />
      <main className={styles.main} id="main" tabIndex={-1}>
        {appNotice}
        {notice && (
          <Suspense fallback={null}>
            <AccountNoticeBanner notice={notice} />
          </Suspense>
        )}
        <Outlet />
      </main>
      {PAGES_WITH_FOOTER.has(pathname) && <Footer />}
    </>
  );
}
