import { pagePath } from '@inkstream/contracts/routes';
import { searchPath } from '../lib/search-path';

/** One thing the header search suggests. */
export type Suggestion =
  | { kind: 'book'; uuid: string; title: string; author: string | null; cover: string | null; coverSrcset: string | null }
  // slug: the person's page (/author/{slug}, issue 46); null for a credit line of several people, searched instead.
  | { kind: 'author'; name: string; slug: string | null }
  | { kind: 'tag'; slug: string };

/**
 * Where a suggestion leads: a book to its page, an author to their page (or, for a credit of several
 * people, the results page searched by it), a tag to the book list filtered by it (browsing a genre, as the list's tag row does).
 */
export function suggestionHref(suggestion: Suggestion): string {
  switch (suggestion.kind) {
    case 'book':
      return pagePath.book(suggestion.uuid);
    case 'author':
      return suggestion.slug ? pagePath.author(suggestion.slug) : searchPath(suggestion.name);
    case 'tag':
      return `/?tag=${encodeURIComponent(suggestion.slug)}`;
  }
}

/** The id of the option at `index` in the popup (aria-activedescendant names it). */
export const suggestionOptionId = (index: number) => `header-suggestion-${index}`;
export const SUGGESTION_LIST_ID = 'header-suggestions';
