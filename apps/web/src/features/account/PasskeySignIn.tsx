import { browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { passkeyErrorKey, passkeysUsableHere, signInWithPasskey } from './passkey-sign-in';
import styles from '../../components/forms.module.css';
import passkeys from './passkeys.module.css';

/**
 * "Sign in with a passkey" under the login form (issue 60), and conditional UI: where the browser
 * offers passkeys among the user-name field's suggestions (autocomplete="username webauthn"), a
 * ceremony waits for the reader to pick one. `onSignedIn` reloads the page with the new session.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useTranslation('passkeys');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [supported, setSupported] = useState(false);

  useEffect(() => {
    const usable = passkeysUsableHere();
    setSupported(usable);
    let live = true;
    void (async () => {
      if (!usable || !(await browserSupportsWebAuthnAutofill()) || !live) return;
      try {
        if (await signInWithPasskey(true)) onSignedIn();
      } catch (caught) {
        if (live) setError(t(passkeyErrorKey(caught)));
      }
    })();
    return () => {
      live = false;
    };
    // Started once per visit of the form.
  }, []);

  if (!supported) return null;
  const onClick = async () => {
    setError(null);
    setPending(true);
    try {
      if (await signInWithPasskey(false)) return onSignedIn();
    } catch (caught) {
      setError(t(passkeyErrorKey(caught)));
    }
    setPending(false);
  };
  return (
    <div className={passkeys.signIn}>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="button" className={`${styles.secondary} ${styles.block}`} onClick={() => void onClick()} disabled={pending}>
        {pending ? t('signingIn') : t('signIn')}
      </button>
    </div>
  );
}
