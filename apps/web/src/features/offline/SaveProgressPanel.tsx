import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { answerConfirm, cancelSaving, dismissRun, useSaveRun, type RunOutcome } from './save-run';
import { sizeText } from './sizes';
import { skippedByReason } from './skipped-lines';
import styles from './offline.module.css';

/**
 * A save run's progress where it was started (issue 47): n of N chapters with a bar and Cancel; the
 * metered connection's question; then what was saved, what was not and why, and any reason the run
 * stopped (storage full, connection lost), until closed.
 */
export default function SaveProgressPanel({ origin }: { origin: string }) {
  const run = useSaveRun();
  if (run.status === 'idle' || run.origin !== origin) return null;
  if (run.status === 'confirm') return <MeteredQuestion chapters={run.chapters} bytes={run.bytes} />;
  if (run.status === 'finished') return <Outcome outcome={run.outcome} />;
  return <Running progress={run.progress} />;
}

function Running({ progress }: { progress: { phase: string; done: number; total: number } | null }) {
  const { t } = useTranslation('offline');
  const phase = progress ? t(`progress.${progress.phase}`) : t('progress.listing');
  return (
    <section className={styles.progress} aria-label={t('progress.label')}>
      <p role="status">
        {phase}
        {progress && progress.total > 0 && ` ${t('progress.count', { done: progress.done, total: progress.total })}`}
      </p>
      <progress className={styles.bar} max={progress?.total || 1} value={progress ? progress.done : undefined} aria-label={phase} />
      <div className={styles.row}>
        <button type="button" className={styles.secondary} onClick={cancelSaving}>
          {t('progress.cancel')}
        </button>
      </div>
    </section>
  );
}

function MeteredQuestion({ chapters, bytes }: { chapters: number; bytes: number }) {
  const { t } = useTranslation('offline');
  const language = useLanguage();
  const titleId = useId();
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <section className={styles.progress} role="alertdialog" aria-labelledby={titleId}>
      <p id={titleId}>{t('metered.question', { chapters: t('chapterCount', { count: chapters }), size: sizeText(bytes, language, t) })}</p>
      <div className={styles.row}>
        <button ref={yes} type="button" className={styles.action} onClick={() => answerConfirm(true)}>
          {t('metered.yes')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => answerConfirm(false)}>
          {t('metered.no')}
        </button>
      </div>
    </section>
  );
}

function Outcome({ outcome }: { outcome: RunOutcome }) {
  const { t } = useTranslation('offline');
  const { saved, skipped, stopped } = outcome;
  const isProblem = stopped !== undefined && stopped !== 'cancelled' && stopped !== 'declined';
  return (
    <section className={styles.progress} aria-label={t('progress.label')}>
      <div role="status">
        {saved > 0 ? (
          <p>{t('progress.saved', { chapters: t('chapterCount', { count: saved }) })}</p>
        ) : (
          !stopped && <p>{t('progress.nothing')}</p>
        )}
        {skippedByReason(skipped).map(({ reason, numbers }) => (
          <p key={reason}>
            {t('progress.skipped', {
              chapters: t('chapterList', { count: numbers.length, numbers: numbers.join(t('separator')) }),
              reason: t(`skip.${reason}`),
            })}
          </p>
        ))}
      </div>
      {stopped && (
        <p role={isProblem ? 'alert' : undefined} className={isProblem ? styles.problem : undefined}>
          {t(`stop.${stopped}`)}
        </p>
      )}
      <div className={styles.row}>
        {saved > 0 && (
          <Link to={PAGE_PATTERNS.offline} className={styles.action}>
            {t('progress.open')}
          </Link>
        )}
        <button type="button" className={styles.secondary} onClick={dismissRun}>
          {t('progress.close')}
        </button>
      </div>
    </section>
  );
}
