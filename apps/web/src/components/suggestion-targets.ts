import { pagePath } from '@inkstream/contracts/routes';

/** One thing the header search suggests. */
export type Suggestion =
  | { kind: 'book'; uuid: string; title: string; author: string | null; cover: string | null; coverSrcset: string | null }
  | { kind: 'author'; name: string }
  | { kind: 'tag'; slug: string };

/**
 * Where a suggestion leads. Authors and tags lead to the book list searched or filtered by them
 * for now; when the `/search` page comes, this is the one place to point them there.
 */
export function suggestionHref(suggestion: Suggestion): string {
  switch (suggestion.kind) {
    case 'book':
      return pagePath.book(suggestion.uuid);
    case 'author':
      return `/?q=${encodeURIComponent(suggestion.name)}`;
    case 'tag':
      return `/?tag=${encodeURIComponent(suggestion.slug)}`;
  }
}

/** The id of the option at `index` in the popup (aria-activedescendant names it). */
export const suggestionOptionId = (index: number) => `header-suggestion-${index}`;
export const SUGGESTION_LIST_ID = 'header-suggestions';
