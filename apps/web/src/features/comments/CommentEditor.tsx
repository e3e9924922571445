import type { Comment } from '@inkstream/contracts';
import { COMMENT_BODY_MAX } from '@inkstream/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { commentKeys, updateComment } from './comment-cache';
import { commentProblem, textProblem, type CommentProblem } from './comment-errors';
import { commentsApi } from './comments-api';
import { CommentTextField } from './CommentTextField';
import { characterCount, formatCount } from './format';
import { problemText } from './problem-text';
import styles from './Comments.module.css';

/** Editing one's own comment in place: the same limits as writing it; the server marks it edited. */
export function CommentEditor({ comment, chapterUuid, onDone }: { comment: Comment; chapterUuid: string; onDone(): void }) {
  const { t } = useTranslation('comments');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [body, setBody] = useState(comment.body);
  const [spoiler, setSpoiler] = useState(comment.spoiler);
  const [problem, setProblem] = useState<CommentProblem | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const ids = { field: useId(), error: useId(), counter: useId() };
  useEffect(() => field.current?.focus(), []);
  const save = useMutation({
    mutationFn: () => commentsApi.edit(comment.comment_uuid, { body, spoiler }),
    onSuccess: (saved) => {
      updateComment(queryClient, chapterUuid, comment.comment_uuid, () => saved);
      // Held by the filter, or let out of it: the chapter's figure moved by the comment and, for a
      // thread, its replies; the server says by how much.
      if (saved.hidden !== comment.hidden) void queryClient.invalidateQueries({ queryKey: commentKeys.lists(chapterUuid) });
      onDone();
    },
    onError: (error) => {
      setProblem(commentProblem(error));
      field.current?.focus();
    },
  });
  const count = characterCount(body);
  const isInvalid = body.trim() === '' || count > COMMENT_BODY_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isInvalid || save.isPending) return;
    const shape = textProblem(body);
    setProblem(shape);
    if (shape) field.current?.focus();
    else save.mutate();
  };
  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      <CommentTextField
        ids={ids}
        fieldRef={field}
        label={t('editLabel')}
        value={body}
        rows={3}
        invalid={count > COMMENT_BODY_MAX || !!problem}
        showsProblem={!!problem}
        onChange={setBody}
      />
      {problem && (
        <p id={ids.error} className={styles.error} role="alert">
          {problemText(t, problem, language)}
        </p>
      )}
      <div className={styles.composerRow}>
        <label className={styles.check}>
          <input type="checkbox" checked={spoiler} onChange={(event) => setSpoiler(event.target.checked)} />
          {t('composer.spoiler')}
        </label>
        <span id={ids.counter} className={count > COMMENT_BODY_MAX ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
          {formatCount(count, language)} / {formatCount(COMMENT_BODY_MAX, language)}
        </span>
        <span className={styles.composerButtons}>
          <button type="button" className={styles.secondary} onClick={onDone}>
            {t('cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={isInvalid || save.isPending}>
            {t('save')}
          </button>
        </span>
      </div>
    </form>
  );
}
