import { decodeEntities } from '../../lib/decode-entities';
import { highlightParts } from './highlight-parts';
import styles from './HighlightedText.module.css';

/**
 * A title with the words a search matched in `<mark>` (the API's `title_highlights`), built as
 * React text nodes from the ranges, never as HTML. Each stretch has its entities decoded as titles
 * are everywhere (the ranges count the title as the API sent it).
 */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly (readonly number[])[] | null | undefined }) {
  if (!ranges || ranges.length === 0) return <>{decodeEntities(text)}</>;
  return (
    <>
      {highlightParts(text, ranges).map((part, index) =>
        part.isMatch ? (
          <mark key={index} className={styles.mark}>
            {decodeEntities(part.text)}
          </mark>
        ) : (
          decodeEntities(part.text)
        ),
      )}
    </>
  );
}
