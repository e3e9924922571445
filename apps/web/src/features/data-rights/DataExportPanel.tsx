import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api-client';
import { dataRightsApi, type DataExport } from '../../lib/api-data-rights';
import type { Language } from '../../lib/language';
import { sizeOf, whenOf } from './format';
import styles from '../../components/forms.module.css';
import local from './data-rights.module.css';

export const EXPORT_QUERY = ['account', 'data-export'];
/** How often the profile asks while the archive is being built (the job takes seconds to minutes). */
const POLL_MS = 5_000;

const isBuilding = (entry: DataExport | null | undefined) => entry?.state === 'queued' || entry?.state === 'building';

/** Saves a file the browser holds: an object URL clicked as a download, then let go. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What a refused request or download says, in the reader's language. */
function refusal(error: unknown, t: (key: string, options?: Record<string, unknown>) => string, language: Language): string {
  if (!(error instanceof ApiError)) return t('export.errors.failure');
  const next = error.body?.next_export_at;
  switch (error.code) {
    case 'EXPORT_TOO_SOON':
      return typeof next === 'number' ? t('export.errors.tooSoon', { date: whenOf(next, language) }) : t('export.errors.tooSoonNoDate');
    case 'EXPORT_DOWNLOAD_TOO_SOON':
      return t('export.errors.downloadTooSoon');
    case 'EXPORT_EXPIRED':
      return t('export.errors.expired');
    case 'EXPORT_NOT_FOUND':
      return t('export.errors.notFound');
    case 'RATE_LIMITED':
      return t('export.errors.rateLimited');
    default:
      return t('export.errors.failure');
  }
}

/**
 * "Download my data" (issue 43): what the archive holds, its state (asked every few seconds while
 * it is built), the download with the login token, and the one-a-day rule.
 */
export function DataExportPanel() {
  const { t, i18n } = useTranslation('datarights');
  const language = i18n.language;
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: EXPORT_QUERY,
    queryFn: dataRightsApi.latestExport,
    refetchInterval: (query) => (isBuilding(query.state.data) ? POLL_MS : false),
  });
  const [message, setMessage] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: dataRightsApi.requestExport,
    onMutate: () => setMessage(null),
    onSuccess: (entry) => queryClient.setQueryData(EXPORT_QUERY, entry),
    onError: (error) => setMessage(refusal(error, t, language)),
  });
  const download = useMutation({
    mutationFn: (url: string) => dataRightsApi.downloadExport(url),
    onMutate: () => setMessage(null),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'inkstream-data.zip'),
    onError: (error) => {
      setMessage(refusal(error, t, language));
      // Expired or gone meanwhile: the state shown follows the server's.
      if (error instanceof ApiError && (error.code === 'EXPORT_EXPIRED' || error.code === 'EXPORT_NOT_FOUND'))
        void queryClient.invalidateQueries({ queryKey: EXPORT_QUERY });
    },
  });

  const entry = latest.data;
  const sizeText = (bytes: number) => {
    const { key, value } = sizeOf(bytes, language);
    return t(key, { value });
  };
  const building = isBuilding(entry);
  const waitUntil = entry && entry.next_export_at > Date.now() ? entry.next_export_at : null;

  return (
    <div className={local.part} aria-labelledby="data-export-title" role="group">
      <h3 id="data-export-title" className={local.partTitle}>
        {t('export.heading')}
      </h3>
      <p className={local.text}>{t('export.contents')}</p>
      <p className={local.text}>{t('export.howItWorks')}</p>
      {latest.isPending && <p role="status">{t('common:status.loading')}</p>}
      {latest.isError && <p className={styles.error}>{t('common:status.error')}</p>}
      <div aria-live="polite">
        {building && <p className={local.state}>{t('export.state.building')}</p>}
        {entry?.state === 'ready' && entry.expires_at !== null && (
          <p className={local.state}>{t('export.state.ready', { date: whenOf(entry.expires_at, language) })}</p>
        )}
        {entry?.state === 'failed' && <p className={local.state}>{t('export.state.failed')}</p>}
        {entry?.state === 'expired' && <p className={local.state}>{t('export.state.expired')}</p>}
      </div>
      {message && (
        <p className={styles.error} role="alert">
          {message}
        </p>
      )}
      <div className={local.buttonRow}>
        {entry?.state === 'ready' && entry.download_url && (
          <button
            type="button"
            className={styles.primary}
            disabled={download.isPending}
            onClick={() => download.mutate(entry.download_url!)}
          >
            {entry.size_bytes === null ? t('export.downloadNoSize') : t('export.download', { size: sizeText(entry.size_bytes) })}
          </button>
        )}
        {!building && latest.isSuccess && (
          <button
            type="button"
            className={styles.secondary}
            disabled={request.isPending || waitUntil !== null}
            onClick={() => request.mutate()}
          >
            {t('export.request')}
          </button>
        )}
      </div>
      {!building && waitUntil !== null && <p className={local.text}>{t('export.nextOn', { date: whenOf(waitUntil, language) })}</p>}
    </div>
  );
}
