import { PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { FEED_KEY_NAME_MAX, FEED_KEYS_MAX } from '@inkstream/contracts/constants';
import type { CreatedFeedKey, FeedKeySummary } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useAuth } from '../auth';
import { feedKeysApi } from '../../lib/api-feed-keys';
import type { Language } from '../../lib/language';
import { ApiError } from '../../lib/api-client';
import { CopyButton } from './CopyButton';
import { formatDateTime } from '@inkstream/contracts/formats';
import { TextField } from './TextField';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';
import feedKeys from './feed-keys.module.css';

const QUERY_KEY = ['account', 'feed-keys'];

function errorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.failure';
  if (error.code === 'FEED_KEY_LIMIT') return 'errors.limit';
  if (error.code === 'VALIDATION_FAILED') return 'errors.name';
  if (error.code === 'RATE_LIMITED') return 'errors.rateLimited';
  return 'errors.failure';
}

/** One key of the list: name, dates, and Revoke behind a confirmation. */
function KeyRow({ entry, language }: { entry: FeedKeySummary; language: Language }) {
  const { t } = useTranslation('feedkeys');
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => feedKeysApi.revoke(entry.key_id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEY }),
  });
  return (
    <li className={feedKeys.key}>
      <div className={feedKeys.keyText}>
        <span className={feedKeys.name} dir="auto">
          {entry.name}
        </span>
        <span className={feedKeys.dates}>
          {t('created', { date: formatDateTime(entry.created_at, language, { style: 'short' }) })} ·{' '}
          {entry.last_used_at ? t('lastUsed', { date: formatDateTime(entry.last_used_at, language, { style: 'short' }) }) : t('neverUsed')}
        </span>
      </div>
      {isConfirming ? (
        <div className={feedKeys.confirm} role="group" aria-label={t('revokeConfirm', { name: entry.name })}>
          <span>{t('revokeConfirm', { name: entry.name })}</span>
          <button type="button" className={styles.primary} disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            {t('revokeYes')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={styles.secondary}
          onClick={() => setConfirming(true)}
          aria-label={t('revokeNamed', { name: entry.name })}
        >
          {t('revoke')}
        </button>
      )}
      {revoke.isError && <p className={styles.error}>{t('errors.failure')}</p>}
    </li>
  );
}

/** The key just made: its two URLs, shown this once. */
function NewKey({ created, onDone }: { created: CreatedFeedKey; onDone(): void }) {
  const { t } = useTranslation('feedkeys');
  const { username } = useAuth();
  return (
    <div className={feedKeys.created} role="region" aria-labelledby="feed-key-created">
      <h3 id="feed-key-created" className={feedKeys.createdTitle}>
        {t('createdTitle', { name: created.name })}
      </h3>
      <p className={feedKeys.warning}>{t('copyNow')}</p>
      {/* OPDS 1.2 for most apps; OPDS 2.0 (JSON, Divina, progression sync) for apps that take it (docs/OPDS.md). */}
      {(['url', 'url_v2'] as const).map((field) => (
        <div key={field} className={feedKeys.urlRow}>
          <span className={feedKeys.urlLabel}>{t(field === 'url' ? 'urlV1' : 'urlV2')}</span>
          <code className={feedKeys.url} dir="ltr">
            {created[field]}
          </code>
          <CopyButton text={created[field]} label={t(field === 'url' ? 'copyV1' : 'copyV2')} />
        </div>
      ))}
      <div className={feedKeys.urlRow}>
        <span className={feedKeys.urlLabel}>{t('appPassword', { username })}</span>
        <code className={feedKeys.url} dir="ltr">
          {created.key}
        </code>
        <CopyButton text={created.key} label={t('copyKey')} />
      </div>
      <button type="button" className={styles.secondary} onClick={onDone}>
        {t('done')}
      </button>
    </div>
  );
}

/**
 * Profile section "Read in an app" (issue 32, docs/OPDS.md "Feed keys"): the reader's feed keys
 * (name, created, last used, Revoke), a form to make one, and the new key's URLs shown once.
 */
export function FeedKeysSection() {
  const { t, i18n } = useTranslation('feedkeys');
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: QUERY_KEY, queryFn: feedKeysApi.list });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedFeedKey | null>(null);
  const create = useMutation({
    mutationFn: feedKeysApi.create,
    onSuccess: (key) => {
      setCreated(key);
      setName('');
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  const isFull = (data?.length ?? 0) >= FEED_KEYS_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    create.mutate(name.trim());
  };

  return (
    <section id={PROFILE_SECTIONS.readInAnApp} className={profile.section} aria-labelledby="feed-keys-title">
      <h2 id="feed-keys-title" className={profile.sectionTitle}>
        {t('heading')}
      </h2>
      <p className={profile.sectionText}>{t('description')}</p>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {isPending && <p role="status">{t('common:status.loading')}</p>}
      {isError && <p className={styles.error}>{t('common:status.error')}</p>}
      {data && data.length === 0 && <p className={profile.sectionText}>{t('none')}</p>}
      {data && data.length > 0 && (
        <ul className={feedKeys.list} aria-label={t('listLabel')}>
          {data.map((entry) => (
            <KeyRow key={entry.key_id} entry={entry} language={i18n.language} />
          ))}
        </ul>
      )}
      {isFull ? (
        <p className={profile.sectionText}>{t('errors.limit')}</p>
      ) : (
        <form className={feedKeys.form} onSubmit={onSubmit} noValidate>
          <TextField
            id="feed-key-name"
            label={t('nameLabel')}
            hint={t('nameHint')}
            value={name}
            onChange={setName}
            maxLength={FEED_KEY_NAME_MAX}
            autoComplete="off"
            error={create.isError ? t(errorKey(create.error)) : undefined}
          />
          <button type="submit" className={styles.primary} disabled={create.isPending || name.trim() === ''}>
            {t('create')}
          </button>
        </form>
      )}
      <details className={feedKeys.apps}>
        <summary>{t('apps.title')}</summary>
        <ul>
          <li>{t('apps.panels')}</li>
          <li>{t('apps.koreader')}</li>
          <li>{t('apps.thorium')}</li>
        </ul>
      </details>
    </section>
  );
}
