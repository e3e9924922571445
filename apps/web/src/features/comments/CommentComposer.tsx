import type { Comment, CommunityStanding } from '@inkstream/contracts';
import { COMMENT_BODY_MAX } from '@inkstream/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { useAuth } from '../auth';
import { commentProblem, textProblem, type CommentProblem } from './comment-errors';
import { commentsApi } from './comments-api';
import { CommentTextField } from './CommentTextField';
import { characterCount, formatCount, formatDateTime } from './format';
import { banText, problemText } from './problem-text';
import { standingKey, useLoginPath } from './use-comments';
import styles from './Comments.module.css';

interface Props {
  chapterUuid: string;
  /** Set for a reply: the comment answered and its author. */
  parent?: { uuid: string; username: string };
  standing: CommunityStanding | undefined;
  onPosted(comment: Comment): void;
  onCancel?: () => void;
  /** The reply composer takes the focus when it opens. */
  autoFocus?: boolean;
}

/** How near the limit the counter starts telling screen readers what is left. */
const ANNOUNCE_WITHIN = 100;

/**
 * Writing a comment or a reply: a live counter against the 2,000-character limit, a spoiler mark,
 * and every refusal said in words (role=alert) with what to do next. Visitors get a link to log in
 * that brings them back here; a banned reader sees why and until when instead of the form.
 */
export function CommentComposer({ chapterUuid, parent, standing, onPosted, onCancel, autoFocus = false }: Props) {
  const { t } = useTranslation('comments');
  const language = useLanguage();
  const { userUuid } = useAuth();
  const loginPath = useLoginPath();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [spoiler, setSpoiler] = useState(false);
  const [problem, setProblem] = useState<CommentProblem | null>(null);
  const [notice, setNotice] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const ids = { field: useId(), counter: useId(), error: useId() };

  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);

  const post = useMutation({
    mutationFn: () =>
      commentsApi.post(chapterUuid, { body, ...(spoiler ? { spoiler } : {}), ...(parent ? { parent_uuid: parent.uuid } : {}) }),
    onSuccess: (comment) => {
      setBody('');
      setSpoiler(false);
      setProblem(null);
      setNotice(comment.hidden ? t('composer.postedHeld') : t('composer.posted'));
      onPosted(comment);
    },
    onError: (error) => {
      const found = commentProblem(error);
      setNotice('');
      setProblem(found);
      // A ban or a link rule the page did not know of yet: ask for the standing again, so the form says so.
      if (found.kind === 'banned' || found.kind === 'links') void queryClient.invalidateQueries({ queryKey: standingKey(userUuid) });
      field.current?.focus();
    },
  });

  if (!userUuid) {
    return (
      <p className={styles.note}>
        <Link to={loginPath} className={styles.loginLink}>
          {t('composer.logIn')}
        </Link>
      </p>
    );
  }
  if (standing?.banned) {
    return (
      <p className={styles.ban} role="status">
        {banText(t, { reason: standing.ban_reason, until: standing.banned_until }, language)}
      </p>
    );
  }
  if (problem?.kind === 'closed' || problem?.kind === 'membership') {
    return (
      <p className={styles.note} role="alert">
        {problemText(t, problem, language, standing)}
      </p>
    );
  }

  const count = characterCount(body);
  const over = count - COMMENT_BODY_MAX;
  const isEmpty = body.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || over > 0 || post.isPending) return;
    const shape = textProblem(body);
    setProblem(shape);
    if (shape) field.current?.focus();
    else post.mutate();
  };
  const label = parent ? t('composer.replyLabel', { name: parent.username }) : t('composer.label');
  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      <CommentTextField
        ids={ids}
        fieldRef={field}
        label={label}
        placeholder={label}
        value={body}
        rows={parent ? 2 : 3}
        invalid={over > 0 || !!problem}
        showsProblem={!!problem}
        onChange={(text) => {
          setBody(text);
          setNotice('');
        }}
      />
      {problem && (
        <p id={ids.error} className={styles.error} role="alert">
          {problemText(t, problem, language, standing)}
        </p>
      )}
      {standing && !standing.links_allowed && standing.links_allowed_at && !problem && (
        <p className={styles.hint}>{t('composer.linksFrom', { date: formatDateTime(standing.links_allowed_at, language) })}</p>
      )}
      <div className={styles.composerRow}>
        <label className={styles.check}>
          <input type="checkbox" checked={spoiler} onChange={(event) => setSpoiler(event.target.checked)} />
          {t('composer.spoiler')}
        </label>
        <span id={ids.counter} className={over > 0 ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
          <span aria-hidden="true">
            {formatCount(count, language)} / {formatCount(COMMENT_BODY_MAX, language)}
          </span>
          <span className="visually-hidden">
            {t('composer.counter', { number: formatCount(count, language), max: formatCount(COMMENT_BODY_MAX, language) })}
          </span>
        </span>
        <span className="visually-hidden" aria-live="polite">
          {over > 0
            ? t('composer.tooLong', { count: over })
            : COMMENT_BODY_MAX - count <= ANNOUNCE_WITHIN
              ? t('composer.left', { count: COMMENT_BODY_MAX - count })
              : ''}
        </span>
        <span className={styles.composerButtons}>
          {onCancel && (
            <button type="button" className={styles.secondary} onClick={onCancel}>
              {t('cancel')}
            </button>
          )}
          <button type="submit" className={styles.primary} disabled={isEmpty || over > 0 || post.isPending}>
            {post.isPending ? t('composer.posting') : parent ? t('composer.reply') : t('composer.submit')}
          </button>
        </span>
      </div>
      <p className={notice ? styles.posted : 'visually-hidden'} role="status">
        {notice}
      </p>
    </form>
  );
}
