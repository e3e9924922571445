import type { ImportEntryReport, ImportStatusesReport } from '@inkstream/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api-client';
import { readingApi } from '../../lib/api-reading';
import { FileTooLargeError, readImportFile } from './status-import-file';
import forms from '../../components/forms.module.css';
import styles from './library.module.css';

type Format = 'mal' | 'anilist' | 'mangadex';
type Picked = { content: string; encoding: 'text' | 'base64' };

/** Refusals with their own words; anything else is the general error. */
const KNOWN_ERRORS = [
  'IMPORT_FILE_UNREADABLE',
  'IMPORT_FILE_TOO_LARGE',
  'IMPORT_TOO_MANY_ENTRIES',
  'STATUS_LIMIT_REACHED',
  'RATE_LIMITED',
  'VALIDATION_FAILED',
] as const;

const errorKey = (error: unknown) => {
  if (error instanceof FileTooLargeError) return 'statusImport.errors.IMPORT_FILE_TOO_LARGE';
  if (error instanceof ApiError && (KNOWN_ERRORS as readonly string[]).includes(error.code)) return `statusImport.errors.${error.code}`;
  return 'statusImport.errors.other';
};

/**
 * Issue 61: the Statuses tab's "Import from MyAnimeList / AniList / MangaDex": choose the site,
 * pick its export file (MangaDex: the statuses file and, for titles, a list file), Check (a dry run
 * showing what matches and what does not), then Import.
 */
export function StatusImport() {
  const { t } = useTranslation('library');
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<Format>('mal');
  const [file, setFile] = useState<Picked | null>(null);
  const [titles, setTitles] = useState<Picked | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [report, setReport] = useState<ImportStatusesReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (files: FileList | null, into: (picked: Picked | null) => void) => {
    setReport(null);
    setError(null);
    into(null);
    const chosen = files?.[0];
    if (!chosen) return;
    try {
      into(await readImportFile(chosen));
    } catch (caught) {
      setError(errorKey(caught));
    }
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const result = await readingApi.importStatuses({
        format,
        content: file.content,
        encoding: file.encoding,
        ...(format === 'mangadex' && titles ? { titles: titles.content } : {}),
        overwrite,
        dry_run: dryRun,
      });
      setReport(result);
      if (!dryRun) await queryClient.invalidateQueries({ queryKey: ['library', 'statuses'] });
    } catch (caught) {
      setError(errorKey(caught));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className={styles.toolbar}>
        <button type="button" className={styles.secondary} onClick={() => setOpen(true)}>
          {t('statusImport.open')}
        </button>
      </div>
    );
  }
  return (
    <section className={styles.importPanel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.importHeading}>
        {t('statusImport.heading')}
      </h2>
      <label className={forms.field}>
        {t('statusImport.format')}
        <select
          value={format}
          onChange={(event) => {
            setFormat(event.target.value as Format);
            setReport(null);
          }}
        >
          <option value="mal">MyAnimeList (.xml, .xml.gz)</option>
          <option value="anilist">AniList (.json)</option>
          <option value="mangadex">MangaDex (.json)</option>
        </select>
      </label>
      <p className={forms.hint}>{t(`statusImport.hints.${format}`)}</p>
      <label className={forms.field}>
        {t('statusImport.file')}
        <input type="file" accept=".xml,.gz,.json,application/json,text/xml" onChange={(event) => void pick(event.target.files, setFile)} />
      </label>
      {format === 'mangadex' && (
        <label className={forms.field}>
          {t('statusImport.titlesFile')}
          <input type="file" accept=".json,application/json" onChange={(event) => void pick(event.target.files, setTitles)} />
        </label>
      )}
      <label>
        <input
          type="checkbox"
          checked={overwrite}
          onChange={(event) => {
            // The check was made with the other choice: check again before importing.
            setOverwrite(event.target.checked);
            setReport(null);
          }}
        />{' '}
        {t('statusImport.overwrite')}
      </label>
      <div className={styles.confirm}>
        <button type="button" className={styles.secondary} disabled={!file || busy} onClick={() => void send(true)}>
          {t('statusImport.check')}
        </button>
        <button type="button" className={styles.primary} disabled={!report?.dry_run || busy} onClick={() => void send(false)}>
          {t('statusImport.import')}
        </button>
        <button type="button" className={styles.textButton} onClick={() => setOpen(false)}>
          {t('statusImport.close')}
        </button>
      </div>
      {error && (
        <p className={forms.error} role="alert">
          {t(error)}
        </p>
      )}
      {report && <ImportReport report={report} />}
    </section>
  );
}

function ImportReport({ report }: { report: ImportStatusesReport }) {
  const { t } = useTranslation('library');
  const of = (outcome: ImportEntryReport['outcome']) => report.entries.filter((entry) => entry.outcome === outcome);
  return (
    <div aria-live="polite">
      <p>
        {t(report.dry_run ? 'statusImport.summaryDry' : 'statusImport.summaryDone', {
          matched: report.matched,
          total: report.total,
        })}{' '}
        {t('statusImport.counts', {
          already: report.already_set,
          unmatched: report.unmatched,
          ambiguous: report.ambiguous,
          invalid: report.invalid,
        })}
      </p>
      <EntryList heading={t('statusImport.matched')} entries={of('matched')} />
      <EntryList heading={t('statusImport.alreadySet')} entries={of('already_set')} />
      <EntryList heading={t('statusImport.ambiguous')} entries={of('ambiguous')} />
      <EntryList heading={t('statusImport.unmatched')} entries={[...of('unmatched'), ...of('invalid')]} />
      {report.entries_truncated && <p className={forms.hint}>{t('statusImport.truncated')}</p>}
    </div>
  );
}

function EntryList({ heading, entries }: { heading: string; entries: ImportEntryReport[] }) {
  const { t } = useTranslation('library');
  if (entries.length === 0) return null;
  return (
    <details open>
      <summary>
        {heading} ({entries.length})
      </summary>
      <ul>
        {entries.map((entry, index) => (
          <li key={index} dir="auto">
            {entry.source_title ?? entry.source_id ?? '?'}
            {entry.book && ` → ${entry.book.title}`}
            {entry.status && ` · ${t(`chapters:readingStatus.names.${entry.status}`)}`}
            {entry.candidates.length > 0 && ` → ${entry.candidates.map((book) => book.title).join(' / ')}`}
            {entry.reason && ` (${t(`statusImport.reasons.${entry.reason}`)})`}
          </li>
        ))}
      </ul>
    </details>
  );
}
