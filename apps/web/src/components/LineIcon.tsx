import type { ReactNode } from 'react';

/**
 * A decorative 24 × 24 line icon in the text colour, filled in when `filled` (a followed book, a
 * liked comment): the button or link around it says what it is in words. Open lines end round (the
 * offline icons' arrows and ticks); closed shapes have no ends.
 */
export function LineIcon({ filled = false, children }: { filled?: boolean; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** The library's bookmark: the header's way to the library, and the follow button (filled while following). */
export const BookmarkIcon = ({ filled = false }: { filled?: boolean }) => (
  <LineIcon filled={filled}>
    <path d="M6 3h12v18l-6-4-6 4z" />
  </LineIcon>
);

/** A speech bubble: a chapter's comments (their count in the chapter list, the way to them at the chapter's end). */
export const BubbleIcon = () => (
  <LineIcon>
    <path d="M4 5h16v11H9l-5 4z" />
  </LineIcon>
);

/** A padlock: a chapter this reader cannot open now (the chapter list's refusal badges). */
export const LockIcon = () => (
  <LineIcon>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </LineIcon>
);
