import type { AdminSignInWays } from '@inkstream/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime } from '../shell/format';
import { ReasonForm } from './ReasonForm';
import { readersApi } from './readers-api';
import local from './readers.module.css';

const ERROR_CODES = ['EXTERNAL_LAST_SIGN_IN_WAY', 'EXTERNAL_LINK_NOT_FOUND'] as const;

/**
 * Issue 60: how a reader signs in, as the server states it: a password or none, two-step sign-in,
 * the passkeys (name and dates, never a key), the linked providers (each with "unlink" and a
 * reason for the audit log) and the latest sign-ins.
 */
export function ReaderSignInWays({ userUuid }: { userUuid: string }) {
  const { t } = useTranslation('admin-signin');
  const { t: common } = useTranslation('admin');
  const client = useQueryClient();
  const queryKey = ['admin', 'reader', userUuid, 'sign-in-ways'];
  const ways = useQuery({ queryKey, queryFn: () => readersApi.signInWays(userUuid) });
  const errorMessages = Object.fromEntries(ERROR_CODES.map((code) => [code, t(`errors.${code}`)]));

  const unlink = async (id: number, reason: string) => {
    try {
      await readersApi.unlinkProvider(userUuid, id, reason);
    } finally {
      // Unlinked, or refused because the list was out of date: either way it is read again.
      await client.invalidateQueries({ queryKey, exact: true });
    }
  };

  return (
    <section aria-labelledby="sign-in-ways-heading">
      <h2 id="sign-in-ways-heading">{t('title')}</h2>
      {ways.isPending && <p role="status">{common('loading')}</p>}
      <FormNotice message={ways.error ? ways.error.message : null} />
      {ways.data && <Ways ways={ways.data} onUnlink={unlink} errorMessages={errorMessages} />}
    </section>
  );
}

function Ways({
  ways,
  onUnlink,
  errorMessages,
}: {
  ways: AdminSignInWays;
  onUnlink: (id: number, reason: string) => Promise<unknown>;
  errorMessages: Record<string, string>;
}) {
  const { t } = useTranslation('admin-signin');
  const { t: common } = useTranslation('admin');
  const providerName = (provider: string | null) =>
    provider === null ? '' : (ways.providers.find((link) => link.provider === provider)?.provider_name ?? provider);
  return (
    <>
      <dl className={local.facts}>
        <dt>{t('facts.password')}</dt>
        <dd>{t(ways.has_password ? 'facts.passwordSet' : 'facts.passwordNone')}</dd>
        <dt>{t('facts.twoStep')}</dt>
        <dd>{ways.two_step ? t('facts.twoStepOn', { left: ways.recovery_codes_left }) : t('facts.twoStepOff')}</dd>
        <dt>{t('facts.email')}</dt>
        <dd>{t(ways.email_confirmed ? 'facts.emailConfirmed' : 'facts.emailNone')}</dd>
      </dl>

      <h3 id="sign-in-ways-passkeys">{t('passkeys.title')}</h3>
      {ways.passkeys.length === 0 ? (
        <p className={styles.muted}>{t('passkeys.none')}</p>
      ) : (
        <DataTable
          label={t('passkeys.title')}
          labelledBy="sign-in-ways-passkeys"
          columns={[t('passkeys.name'), t('passkeys.added'), t('passkeys.lastUsed')]}
          items={ways.passkeys}
          rowKey={(key) => String(key.id)}
          row={(key) => (
            <>
              <td>
                <bdi>{key.name}</bdi>
              </td>
              <td>{formatDateTime(key.created_at)}</td>
              <td>{key.last_used_at ? formatDateTime(key.last_used_at) : t('never')}</td>
            </>
          )}
        />
      )}

      <h3>{t('providers.title')}</h3>
      {ways.providers.length === 0 && <p className={styles.muted}>{t('providers.none')}</p>}
      {ways.providers.map((link) => (
        <article key={link.id} className={styles.card} aria-labelledby={`linked-${link.id}`}>
          <h4 id={`linked-${link.id}`}>
            <bdi>{link.provider_name}</bdi>
          </h4>
          <dl className={local.facts}>
            <dt>{t('providers.email')}</dt>
            <dd>{link.email === null ? common('empty') : <bdi>{link.email}</bdi>}</dd>
            <dt>{t('providers.linked')}</dt>
            <dd>{formatDateTime(link.linked_at)}</dd>
            <dt>{t('providers.lastUsed')}</dt>
            <dd>{link.last_used_at ? formatDateTime(link.last_used_at) : t('never')}</dd>
          </dl>
          <ReasonForm
            title={t('unlink.title', { provider: link.provider_name })}
            action={t('unlink.submit')}
            confirm={t('unlink.confirm', { provider: link.provider_name })}
            danger
            onSubmit={(reason) => onUnlink(link.id, reason)}
            errorMessages={errorMessages}
          />
        </article>
      ))}

      <h3 id="sign-in-ways-sign-ins">{t('signIns.title')}</h3>
      {ways.sign_ins.length === 0 ? (
        <p className={styles.muted}>{t('signIns.none')}</p>
      ) : (
        <DataTable
          label={t('signIns.title')}
          labelledBy="sign-in-ways-sign-ins"
          columns={[t('signIns.method'), t('signIns.provider'), t('signIns.when')]}
          items={ways.sign_ins}
          rowKey={(event) => `${event.at}-${event.method}-${event.provider ?? ''}`}
          row={(event) => (
            <>
              <td>{t(`method.${event.method}`)}</td>
              <td>{event.provider === null ? '' : <bdi>{providerName(event.provider)}</bdi>}</td>
              <td>{formatDateTime(event.at)}</td>
            </>
          )}
        />
      )}
    </>
  );
}
