import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { currentLanguage } from '../../lib/language';
import { disablePush, enablePush, pushState, type PushState } from './push-subscription';
import styles from './PushOptIn.module.css';

/**
 * "Tell me when followed books get a new chapter": Web Push, asked for only when the reader
 * clicks (never on page load), with a plain word when the browser cannot or the reader blocked it.
 */
export function PushOptIn() {
  const { t } = useTranslation('library');
  const [state, setState] = useState<PushState | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    void pushState()
      .catch((): PushState => 'off')
      .then((value) => isCurrent && setState(value));
    return () => {
      isCurrent = false;
    };
  }, []);

  if (state === null) return null;
  const change = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await action());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.box} aria-labelledby="push-title">
      <h2 id="push-title" className={styles.title}>
        {t('push.title')}
      </h2>
      <p className={styles.text} role="status">
        {failed ? t('push.failed') : t(`push.state.${state}`)}
      </p>
      {state === 'off' && (
        <button type="button" className={styles.button} disabled={isBusy} onClick={() => void change(() => enablePush(currentLanguage()))}>
          {t('push.enable')}
        </button>
      )}
      {state === 'on' && (
        <button type="button" className={styles.secondary} disabled={isBusy} onClick={() => void change(disablePush)}>
          {t('push.disable')}
        </button>
      )}
    </section>
  );
}
