import { useEffect, useState } from 'react';

/**
 * A notice about the account that outlives the page it was decided on (issue 43): the login
 * reloads the page, and a deleted account leaves the profile. Kept for the tab (sessionStorage)
 * until the reader dismisses it; the layout shows it above any page.
 */
export type AccountNotice = { kind: 'deletion-cancelled' } | { kind: 'deletion-scheduled'; eraseAt: number };

const KEY = 'account-notice';
const EVENT = 'inkstream:account-notice';

function read(): AccountNotice | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as AccountNotice | null;
    return value && (value.kind === 'deletion-cancelled' || value.kind === 'deletion-scheduled') ? value : null;
  } catch {
    return null; // storage disabled, or a value this version does not know
  }
}

/** Shows `notice` (null: takes it away) on this page and the next ones of the tab. */
export function setAccountNotice(notice: AccountNotice | null): void {
  try {
    if (notice) window.sessionStorage.setItem(KEY, JSON.stringify(notice));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled: the notice shows on this page only
  }
  window.dispatchEvent(new CustomEvent<AccountNotice | null>(EVENT, { detail: notice }));
}

/** The notice to show; null on the server's render and until the browser has read the tab's storage. */
export function useAccountNotice(): AccountNotice | null {
  const [notice, setNotice] = useState<AccountNotice | null>(null);
  useEffect(() => {
    setNotice(read());
    const onChange = (event: Event) => setNotice((event as CustomEvent<AccountNotice | null>).detail);
    window.addEventListener(EVENT, onChange);
    return () => window.removeEventListener(EVENT, onChange);
  }, []);
  return notice;
}
