import { createContext, useContext } from 'react';

/** The comments' heading: names the section, and takes the focus when what had it is gone. */
export const COMMENTS_TITLE_ID = 'comments-title';
/** The section's id: the fragment reply alerts, push notices and the end-of-chapter card link to (`…#comments`). */
export const COMMENTS_ANCHOR = 'comments';

/**
 * Asks the section to put the focus on its heading once the current change has rendered. A
 * deleted comment takes its Delete button with it, the button the dialog gives the focus back to;
 * the section's effect runs after the dialog's (parents after children), so the heading wins.
 */
export const HeadingFocus = createContext<() => void>(() => undefined);
export const useFocusHeading = () => useContext(HeadingFocus);
