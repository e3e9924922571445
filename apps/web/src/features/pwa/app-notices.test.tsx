import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import arabic from '../../i18n/locales/ar-sa/index';
import english from '../../i18n/locales/en-us/index';
import { createTranslator } from '../../i18n/translator';
import { reloadPage } from './reload-page';

// The notices' lazy chunk: "Update ready — Reload" and the install offer, in their own React root.
vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));
// Every language part is in the translator already (set below): nothing to load.
vi.mock('../../i18n', () => ({ loadRestOfLanguage: async () => undefined }));

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const READING = '/reader/book/chapter/5b0e3a70-3d7c-4c1e-9f43-0d6f2a8c1e11/9d2c1b84-7f5e-4a39-8c0d-2e6b4f1a9c37/3';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2030, 0, 10, 9));
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  // A page load's notices root stays with its page: the next test is another page.
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.mocked(reloadPage).mockClear();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { matchMedia?: unknown }).matchMedia;
});

/** A page load: the chunk's state starts again, the page's translator set as initI18n sets it. */
async function pageLoad(translator = createTranslator('en-us', english)) {
  (await import('../../i18n/active')).setActiveTranslator(translator);
  return import('./app-notices');
}

/** The browser's install prompt, the reader answering it with `outcome`. */
const installPrompt = (outcome: 'accepted' | 'dismissed' = 'dismissed') =>
  Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });

const offer = () => screen.queryByText('Install Inkstream');
const stored = () => JSON.parse(localStorage.getItem('install-offer') ?? '{}') as Record<string, unknown>;

async function nextVisit(minutesLater: number) {
  document.body.replaceChildren();
  vi.setSystemTime(Date.now() + minutesLater * MINUTE);
  vi.resetModules();
  return pageLoad();
}

function goTo(path: string) {
  window.history.pushState(null, '', path);
  act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
}

describe('the install offer', () => {
  it('comes on the second visit, not on the first nor on another page of the same visit', async () => {
    let notices = await pageLoad();
    await act(() => notices.holdInstallPrompt(installPrompt()));
    expect(offer()).toBeNull();
    expect(stored().visits).toBe(1);

    notices = await nextVisit(10);
    await act(() => notices.holdInstallPrompt(installPrompt()));
    expect(offer()).toBeNull();

    notices = await nextVisit(45);
    await act(() => notices.holdInstallPrompt(installPrompt()));
    const banner = screen.getByText('Install Inkstream').closest('section')!;
    expect(banner.getAttribute('aria-labelledby')).toBe('install-offer-title');
    expect(banner.textContent).toContain('read saved chapters with no connection');
  });

  it('counts one visit however often the browser offers its prompt in a page', async () => {
    const notices = await pageLoad();
    await act(() => notices.holdInstallPrompt(installPrompt()));
    await act(() => notices.holdInstallPrompt(installPrompt()));
    vi.setSystemTime(Date.now() + 45 * MINUTE);
    await act(() => notices.holdInstallPrompt(installPrompt()));
    expect(stored().visits).toBe(1);
    expect(offer()).toBeNull();
  });

  it('comes after a finished chapter, but not over the reading screen', async () => {
    goTo(READING);
    const notices = await pageLoad();
    await act(() => notices.holdInstallPrompt(installPrompt()));
    await act(() => notices.noteChapterFinished());
    expect(stored().finished).toBe(true);
    expect(offer()).toBeNull();
    goTo('/library');
    expect(offer()).not.toBeNull();
    goTo(READING);
    expect(offer()).toBeNull();
  });

  it('needs the browser’s prompt: nothing to offer where it gave none', async () => {
    const notices = await pageLoad();
    await act(() => notices.noteChapterFinished());
    expect(offer()).toBeNull();
  });

  it('shows the browser’s prompt on Install, and never comes again once installed', async () => {
    let notices = await pageLoad();
    await act(() => notices.noteChapterFinished());
    const prompt = installPrompt('accepted');
    await act(() => notices.holdInstallPrompt(prompt));
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(offer()).toBeNull();
    expect(prompt.prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(stored().installed).toBe(true));

    notices = await nextVisit(400 * 24 * 60);
    await act(() => notices.holdInstallPrompt(installPrompt()));
    expect(offer()).toBeNull();
  });

  it('never comes again once the browser says the app was installed (from its own menu too)', async () => {
    let notices = await pageLoad();
    await act(() => notices.noteChapterFinished());
    await act(() => notices.holdInstallPrompt(installPrompt()));
    expect(offer()).not.toBeNull();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    await waitFor(() => expect(offer()).toBeNull());
    expect(stored().installed).toBe(true);

    notices = await nextVisit(60);
    await act(() => notices.holdInstallPrompt(installPrompt()));
    expect(offer()).toBeNull();
  });

  it('stays away for 30 days after Not now, or after the browser’s prompt was dismissed', async () => {
    let notices = await pageLoad();
    await act(() => notices.noteChapterFinished());
    await act(() => notices.holdInstallPrompt(installPrompt()));
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(offer()).toBeNull();
    expect(stored().snoozedUntil).toBe(Date.now() + 30 * DAY);

    notices = await nextVisit(29 * 24 * 60);
    await act(() => notices.holdInstallPrompt(installPrompt()));
    expect(offer()).toBeNull();

    notices = await nextVisit(2 * 24 * 60);
    await act(() => notices.holdInstallPrompt(installPrompt('dismissed')));
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(stored().snoozedUntil).toBe(Date.now() + 30 * DAY));
    expect(offer()).toBeNull();
  });

  it('never comes inside the installed app', async () => {
    window.matchMedia = vi.fn((query: string) => ({ matches: query === '(display-mode: standalone)' }) as MediaQueryList);
    const notices = await pageLoad();
    await act(() => notices.noteChapterFinished());
    await act(() => notices.holdInstallPrompt(installPrompt()));
    expect(offer()).toBeNull();
  });
});

describe('the update notice', () => {
  const waitingWorker = (state: ServiceWorkerState = 'installed') =>
    Object.assign(new EventTarget(), { state, postMessage: vi.fn() }) as unknown as ServiceWorker & {
      postMessage: ReturnType<typeof vi.fn>;
    };
  /** The page's worker container, controlled by the version before. */
  function stubContainer() {
    const container = Object.assign(new EventTarget(), { controller: { state: 'activated' } });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    return container;
  }

  it('says "Update ready"; Reload lets the new version take over, then reloads', async () => {
    const container = stubContainer();
    const worker = waitingWorker();
    const notices = await pageLoad();
    await act(() => notices.announceUpdate(worker));
    expect(screen.getByText('Update ready').closest('[role="status"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reloadPage).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows on the reading screen too, and before the install offer', async () => {
    stubContainer();
    goTo(READING);
    const notices = await pageLoad();
    await act(() => notices.noteChapterFinished());
    await act(() => notices.holdInstallPrompt(installPrompt()));
    await act(() => notices.announceUpdate(waitingWorker()));
    expect(screen.getByText('Update ready')).not.toBeNull();
    goTo('/library');
    expect(screen.getByText('Update ready')).not.toBeNull();
    expect(offer()).toBeNull();
  });

  it('only reloads when another tab already let the new version take over', async () => {
    stubContainer();
    const worker = waitingWorker('activated');
    const notices = await pageLoad();
    await act(() => notices.announceUpdate(worker));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).not.toHaveBeenCalled();
  });

  it('hides for this page on Later', async () => {
    stubContainer();
    const notices = await pageLoad();
    await act(() => notices.announceUpdate(waitingWorker()));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('Update ready')).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('speaks the page’s language (Arabic, laid out right to left by logical properties)', async () => {
    stubContainer();
    const notices = await pageLoad(createTranslator('ar-sa', arabic));
    await act(() => notices.announceUpdate(waitingWorker()));
    expect(screen.getByText('التحديث جاهز')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'إعادة التحميل' })).not.toBeNull();
  });
});
