import { COMMENT_REPORT_DETAIL_MAX, COMMENT_REPORT_REASONS, type CommentReportReason } from '@inkstream/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { commentsApi } from './comments-api';
import styles from './Comments.module.css';

/** Reporting a comment: a reason (required) and a few optional words for the moderators. */
export function ReportDialog({
  commentUuid,
  open,
  onClose,
  onSent,
}: {
  commentUuid: string;
  open: boolean;
  onClose(): void;
  onSent(): void;
}) {
  const { t } = useTranslation('comments');
  return (
    <div className={styles.dialogTheme}>
      <Dialog open={open} onClose={onClose} title={t('report.title')}>
        <ReportForm commentUuid={commentUuid} onClose={onClose} onSent={onSent} />
      </Dialog>
    </div>
  );
}

function ReportForm({ commentUuid, onClose, onSent }: { commentUuid: string; onClose(): void; onSent(): void }) {
  const { t } = useTranslation('comments');
  const [reason, setReason] = useState<CommentReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const detailId = useId();
  const send = useMutation({
    mutationFn: () => commentsApi.report(commentUuid, { reason: reason!, ...(detail.trim() ? { detail: detail.trim() } : {}) }),
    onSuccess: onSent,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason && !send.isPending) send.mutate();
  };
  return (
    <form className={styles.reportForm} onSubmit={submit}>
      <fieldset className={styles.reasons}>
        <legend>{t('report.reason')}</legend>
        {COMMENT_REPORT_REASONS.map((value) => (
          <label key={value} className={styles.check}>
            <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
            {t(`report.reasons.${value}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={detailId}>{t('report.detail')}</label>
      <textarea
        id={detailId}
        className={styles.textarea}
        value={detail}
        rows={2}
        dir="auto"
        maxLength={COMMENT_REPORT_DETAIL_MAX}
        onChange={(event) => setDetail(event.target.value)}
      />
      {send.isError && (
        <p className={styles.error} role="alert">
          {t('report.failed')}
        </p>
      )}
      <div className={styles.dialogButtons}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t('cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled={!reason || send.isPending}>
          {t('report.send')}
        </button>
      </div>
    </form>
  );
}
