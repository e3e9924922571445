import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useOffline } from '../lib/online';
import { InteractiveMark } from './InteractiveMark';
import { Loading } from './Loading';
import styles from './Loading.module.css';

/**
 * Catches a screen that could not be shown, so the app never goes blank: above all a screen whose
 * code could not be fetched because the connection is gone (the service worker keeps only the
 * reader's screens for offline use, issue 47). Offline, the screen says so with the way to the saved
 * chapters (Loading's offline message); online, a reload fetches the code again (a failed lazy
 * import is remembered until the page reloads). Another address clears it.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; address: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  /** Still reported as the page's error (the browser's console, the browser tests' crash checks). */
  override componentDidCatch(error: unknown): void {
    if (typeof window.reportError === 'function') window.reportError(error);
  }

  override componentDidUpdate(previous: { address: string }): void {
    if (this.state.failed && previous.address !== this.props.address) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenUnavailable /> : this.props.children;
  }
}

function ScreenUnavailable() {
  const { t } = useTranslation();
  const isOffline = useOffline();
  if (isOffline)
    return (
      <>
        <InteractiveMark />
        <Loading />
      </>
    );
  return (
    <div className={styles.loading} role="alert">
      <InteractiveMark />
      <p>{t('status.error')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('status.reload')}
      </button>
    </div>
  );
}
