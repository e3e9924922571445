import { personSlug, splitCredit } from '@inkstream/contracts/person-slug';
import type { BookSuggestions } from '@inkstream/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { fetchSuggestions } from '../lib/api-suggest';
import { SUGGESTION_LIST_ID, suggestionOptionId, type Suggestion } from './suggestion-targets';
import { useTagLabel } from './use-tag-label';
import styles from './SuggestionPopup.module.css';

/** A pause in typing this long asks the server; each keystroke before it costs nothing. */
const DEBOUNCE_MS = 150;

interface SuggestionPopupProps {
  /** The text in the field, as typed. */
  query: string;
  /** What the popup shows: the last suggestions it reported (onItems), held by the Header, whose keys act on the same list. */
  items: Suggestion[];
  isOpen: boolean;
  /** The highlighted option (-1: none); the Header owns it, the keys move it (suggestion-keys.ts). */
  active: number;
  /** The suggestions of the text typed so far, and that text: the Header's keys and its announcement follow them. */
  onItems(items: Suggestion[], forQuery: string): void;
  onPick(index: number): void;
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The page of one credited person; a credit line naming several ("A & B") has none of its own. */
function authorSlug(name: string): string | null {
  const people = splitCredit(name);
  return people.length === 1 ? personSlug(people[0]!) || null : null;
}

const toItems = (answer: BookSuggestions): Suggestion[] => [
  ...answer.books.map((book): Suggestion => ({
    kind: 'book',
    uuid: book.book_uuid,
    title: book.book_title,
    author: book.author,
    // Issue 61: a cover the server says this reader sees blurred is not drawn in a small popup at all.
    cover: book.cover_blurred ? null : book.cover_image,
    coverSrcset: book.cover_blurred ? null : (book.cover_srcset ?? null),
  })),
  ...answer.authors.map((name): Suggestion => ({ kind: 'author', name, slug: authorSlug(name) })),
  ...answer.tags.map((slug): Suggestion => ({ kind: 'tag', slug })),
];

/**
 * The header search's suggestion popup: a listbox under the field, over the page (nothing moves
 * when it opens), with books (cover, title, author), then authors, then tags. Loaded on the first
 * focus of the field, so the landing page's download does not carry it. Options are never focused:
 * focus stays in the field, which names the highlighted one (aria-activedescendant).
 */
export default function SuggestionPopup({ query, items, isOpen, active, onItems, onPick }: SuggestionPopupProps) {
  const { t } = useTranslation();
  const tagLabel = useTagLabel();
  const language = useLanguage();
  const q = useDebounced(query.trim(), DEBOUNCE_MS);
  // One query per text: the answer to text typed past is cancelled (its signal), a repeat is cached.
  // Until the new answer comes, the Header keeps showing the last one: the popup does not flicker.
  const { data } = useQuery({
    queryKey: ['suggest', language, q],
    queryFn: ({ signal }) => fetchSuggestions(q, language, signal),
    enabled: q !== '',
  });
  const answer = useMemo(() => (data && q !== '' ? toItems(data) : null), [data, q]);
  useEffect(() => {
    if (q === '') onItems([], '');
    else if (answer) onItems(answer, q);
  }, [answer, q, onItems]);

  useEffect(() => {
    // (jsdom has no scrollIntoView)
    if (isOpen && active >= 0) document.getElementById(suggestionOptionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [isOpen, active]);

  if (!isOpen || items.length === 0) return null;
  const groups = (['book', 'author', 'tag'] as const)
    .map((kind) => ({ kind, entries: items.flatMap((item, index) => (item.kind === kind ? [{ item, index }] : [])) }))
    .filter((group) => group.entries.length > 0);

  return (
    <div className={styles.popup}>
      <div role="listbox" id={SUGGESTION_LIST_ID} aria-label={t('header.suggestions')} className={styles.list}>
        {groups.map(({ kind, entries }) => (
          <div key={kind} role="group" aria-labelledby={`${SUGGESTION_LIST_ID}-${kind}`}>
            <div role="presentation" id={`${SUGGESTION_LIST_ID}-${kind}`} className={styles.groupLabel}>
              {t(`header.suggestionGroups.${kind}`)}
            </div>
            {entries.map(({ item, index }) => (
              <div
                key={index}
                id={suggestionOptionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // Focus stays in the field: a click picks without taking it away (the phone's search stays open until then).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(index)}
              >
                <SuggestionContent item={item} tagLabel={tagLabel} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

function SuggestionContent({ item, tagLabel }: { item: Suggestion; tagLabel: (tag: string) => string }) {
  if (item.kind === 'book') {
    return (
      <>
        <span className={styles.thumb}>
          {item.cover && (
            // Decorative: the title names the book. Its box is reserved (3:4), so nothing moves when it arrives.
            <img
              src={item.cover}
              srcSet={item.coverSrcset ?? undefined}
              sizes={item.coverSrcset ? '2.5rem' : undefined}
              alt=""
              width={30}
              height={40}
              loading="lazy"
              decoding="async"
            />
          )}
        </span>
        <span className={styles.text}>
          <bdi className={styles.title}>{item.title}</bdi>
          {item.author && <bdi className={styles.detail}>{item.author}</bdi>}
        </span>
      </>
    );
  }
  const label = item.kind === 'author' ? item.name : tagLabel(item.slug);
  return (
    <>
      <span className={styles.icon} aria-hidden="true">
        {item.kind === 'author' ? (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
          </svg>
        ) : (
          '#'
        )}
      </span>
      <span className={styles.text}>
        <bdi className={styles.title}>{label}</bdi>
      </span>
    </>
  );
}
