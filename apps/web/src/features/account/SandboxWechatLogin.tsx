import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../components/use-page-title';
import { useTranslation } from '../../i18n/use-translation';
import { externalSignInApi } from '../../lib/api-external-sign-in';
import { refusalCode, refusalWords } from './external-sign-in-words';
import { TextField } from './TextField';
import styles from '../../components/forms.module.css';
import own from './external-sign-in.module.css';

/** As WeChat's nicknames: up to 32 characters (the server checks the same). */
const NICKNAME_MAX = 32;

/**
 * Issue 60: the sandbox's stand-in for WeChat's QR login page (development only). On the real
 * page a reader scans the QR code with WeChat on their phone and confirms there; here they say
 * who scans (the same nickname is the same WeChat user, so a second sign-in finds the account
 * made at the first) or decline, and the browser goes back to the site as WeChat would send it.
 */
export function SandboxWechatLogin({ state }: { state: string }) {
  const { t } = useTranslation('external');
  usePageTitle(t('sandboxLogin.title'));
  const [nickname, setNickname] = useState('');
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const answer = async (who: string | null) => {
    setPending(true);
    setRefusal(null);
    try {
      window.location.assign((await externalSignInApi.sandboxWechatScan(state, who)).redirect_url);
    } catch (caught) {
      setPending(false);
      setRefusal(refusalCode(caught));
    }
  };

  const onAllow = (event: FormEvent) => {
    event.preventDefault();
    const name = nickname.trim();
    if (name === '') return setMissing(true);
    void answer(name);
  };

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={onAllow} noValidate aria-labelledby="wechat-sandbox-title">
        <h1 id="wechat-sandbox-title" className={styles.heading}>
          {t('sandboxLogin.heading')} <span className={own.sandboxMark}>{t('wechat.sandboxMark')}</span>
        </h1>
        <p className={styles.notice}>{t('sandboxLogin.explain')}</p>
        {state === '' ? (
          <p className={styles.error} role="alert">
            {t('errors.EXTERNAL_STATE_MISMATCH')}
          </p>
        ) : (
          <>
            <TextField
              id="wechat-sandbox-nickname"
              label={t('sandboxLogin.nickname')}
              hint={t('sandboxLogin.nicknameHint')}
              value={nickname}
              onChange={(value) => {
                setNickname(value);
                setMissing(false);
              }}
              maxLength={NICKNAME_MAX}
              autoComplete="nickname"
              error={missing ? t('sandboxLogin.nicknameMissing') : undefined}
            />
            {refusal && (
              <p className={styles.error} role="alert">
                {refusalWords(t, refusal)}
              </p>
            )}
            <div className={own.scanActions}>
              <button type="submit" className={`${styles.primary} ${own.wechat}`} disabled={pending}>
                {t('sandboxLogin.allow')}
              </button>
              <button type="button" className={styles.secondary} disabled={pending} onClick={() => void answer(null)}>
                {t('sandboxLogin.decline')}
              </button>
            </div>
          </>
        )}
      </form>
    </div>
  );
}
