import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { matchPath } from 'react-router';
import { loadRestOfLanguage } from '../../i18n';
import {
  countVisit,
  isInstallOfferDue,
  isStandalone,
  readInstallOffer,
  SNOOZE_MS,
  updateInstallOffer,
  type InstallPromptEvent,
} from './install-offer';
import { InstallBanner } from './InstallBanner';
import { UpdateToast } from './UpdateToast';

/*
 * What the app says about itself (issue 47): "Update ready — Reload" when a new version of the
 * service worker waits, else "Install Inkstream" when the offer is due. A lazy chunk, loaded by
 * service-worker.ts and install-prompt.ts only when there is something to consider, drawn in a
 * React root of its own under the page's: so no screen and no first load carries it.
 */
const state: { update: ServiceWorker | null; prompt: InstallPromptEvent | null } = { update: null, prompt: null };
let root: Root | null = null;
let visitCounted = false;

// Each returns when the notices are drawn again (tests await it; the page need not).

/** A new version waits for the reader's word. */
export function announceUpdate(worker: ServiceWorker): Promise<void> {
  state.update = worker;
  return draw();
}

/** The browser offered its install prompt: the first time in a page load, the load counts as a visit. */
export function holdInstallPrompt(event: Event): Promise<void> {
  if (!visitCounted) {
    visitCounted = true;
    countVisit(Date.now());
    window.addEventListener('appinstalled', () => {
      updateInstallOffer({ installed: true });
      closeInstallOffer();
    });
  }
  state.prompt = event as InstallPromptEvent;
  return draw();
}

/** The reader finished a chapter (the reading screen's finish hooks). */
export function noteChapterFinished(): Promise<void> {
  updateInstallOffer({ finished: true });
  return draw();
}

function closeInstallOffer() {
  state.prompt = null;
  void draw();
}

const installOfferDue = () => state.prompt !== null && isInstallOfferDue(readInstallOffer(), Date.now(), isStandalone());

async function draw() {
  const offer = installOfferDue();
  if (!state.update && !offer) {
    root?.render(null);
    return;
  }
  // The notices' texts are in the last part of the language (i18n/index.ts), precached for offline use.
  await loadRestOfLanguage().catch(() => undefined);
  root ??= createRoot(document.body.appendChild(document.createElement('div')));
  root.render(<AppNotices update={state.update} offer={offer} />);
}

async function install() {
  const prompt = state.prompt;
  if (!prompt) return;
  closeInstallOffer();
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  updateInstallOffer(outcome === 'accepted' ? { installed: true } : { snoozedUntil: Date.now() + SNOOZE_MS });
}

function notNow() {
  updateInstallOffer({ snoozedUntil: Date.now() + SNOOZE_MS });
  closeInstallOffer();
}

/**
 * The page's path, followed across the app's navigations (the Navigation API tells of pushState
 * in the Chromium browsers, the only ones with an install prompt; popstate elsewhere).
 */
function usePathname(): string {
  return useSyncExternalStore(subscribeToNavigation, () => window.location.pathname);
}

function subscribeToNavigation(onChange: () => void): () => void {
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('currententrychange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    navigation?.removeEventListener('currententrychange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/** The update first; the install offer never over the reading screen. */
function AppNotices({ update, offer }: { update: ServiceWorker | null; offer: boolean }) {
  const reading = matchPath(PAGE_PATTERNS.reading, usePathname()) !== null;
  if (update) return <UpdateToast worker={update} />;
  return offer && !reading ? <InstallBanner onInstall={() => void install()} onNotNow={notNow} /> : null;
}
