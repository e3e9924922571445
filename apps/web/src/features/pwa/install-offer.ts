import { readStorage, writeStorage } from '../../lib/storage-keys';

/** Chromium's event that lets a page offer its own "Install" (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What this browser remembers for the install offer, in one local storage key (docs/ACCOUNTS.md). */
export interface InstallOfferRecord {
  /** Visits so far: a page loaded more than half an hour after the last one starts a new one. */
  visits?: number;
  /** When a page of the site last loaded (ms). */
  seen?: number;
  /** The reader finished a chapter in this browser. */
  finished?: boolean;
  /** "Not now" until then (ms). */
  snoozedUntil?: number;
  /** Installed: never offered again. */
  installed?: boolean;
}

export const INSTALL_OFFER_KEY = 'install-offer';
const VISIT_GAP = 30 * 60_000;
/** "Not now" keeps the offer away this long. */
export const SNOOZE_MS = 30 * 24 * 3_600_000;

export function readInstallOffer(): InstallOfferRecord {
  try {
    return (JSON.parse(readStorage(INSTALL_OFFER_KEY) ?? '{}') as InstallOfferRecord | null) ?? {};
  } catch {
    return {};
  }
}

export function updateInstallOffer(change: InstallOfferRecord): void {
  writeStorage(INSTALL_OFFER_KEY, JSON.stringify({ ...readInstallOffer(), ...change }));
}

/** Counts this page load as a visit when it comes more than half an hour after the last one. */
export function countVisit(now: number): void {
  const { visits = 0, seen = 0 } = readInstallOffer();
  updateInstallOffer({ visits: now - seen > VISIT_GAP ? visits + 1 : visits, seen: now });
}

/**
 * Whether "Install Inkstream" is due: at a sensible moment (a second visit, or once a chapter was
 * finished), never once installed or inside the installed app, and not during the 30 days after
 * "Not now". Where it shows (not on the reading screen) is the notices' concern (app-notices.tsx).
 */
export function isInstallOfferDue(record: InstallOfferRecord, now: number, standalone: boolean): boolean {
  if (record.installed || standalone || (record.snoozedUntil ?? 0) > now) return false;
  return (record.visits ?? 0) >= 2 || record.finished === true;
}

/** In the installed app (display mode standalone) there is nothing to install. */
export const isStandalone = (): boolean => window.matchMedia?.('(display-mode: standalone)').matches === true;
