import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { linkify } from './linkify';
import styles from './Comments.module.css';

/**
 * A comment's text: plain text (React text nodes, line breaks kept by CSS) with safe links. A
 * spoiler stays behind a button until the reader asks for it; the button says whether it is open.
 */
export function CommentBody({ body, spoiler }: { body: string; spoiler: boolean }) {
  const { t } = useTranslation('comments');
  const [isRevealed, setRevealed] = useState(false);
  const id = useId();
  const text = (
    <p id={id} className={styles.body} dir="auto" hidden={spoiler && !isRevealed}>
      {linkify(body)}
    </p>
  );
  if (!spoiler) return text;
  return (
    <>
      <button
        type="button"
        className={isRevealed ? styles.spoilerHide : styles.spoilerButton}
        aria-expanded={isRevealed}
        aria-controls={id}
        onClick={() => setRevealed((open) => !open)}
      >
        {isRevealed ? t('spoiler.hide') : t('spoiler.reveal')}
      </button>
      {text}
    </>
  );
}
