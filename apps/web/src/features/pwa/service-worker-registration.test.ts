import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The first load's part of the installable app: one registration for the offline layer and push,
// a new version noticed, the install prompt held. The notices themselves: app-notices.test.tsx.
const notices = vi.hoisted(() => ({ announceUpdate: vi.fn(), holdInstallPrompt: vi.fn(), noteChapterFinished: vi.fn() }));
vi.mock('./load-notices', () => ({ loadNotices: vi.fn(async () => notices) }));

// Each test is a page of its own: the window's listeners its code added go with it.
const added: [string, EventListenerOrEventListenerObject][] = [];
beforeEach(() => {
  vi.resetModules();
  const addEventListener = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation(
    (type: string, listener: EventListenerOrEventListenerObject, options?: unknown) => {
      added.push([type, listener]);
      addEventListener(type, listener, options as AddEventListenerOptions);
    },
  );
});
afterEach(() => {
  vi.mocked(window.addEventListener).mockRestore();
  for (const [type, listener] of added.splice(0)) window.removeEventListener(type, listener);
  vi.clearAllMocks();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { onbeforeinstallprompt?: unknown }).onbeforeinstallprompt;
});

function stubWorkers(waiting: object | null, controller: object | null) {
  const registration = Object.assign(new EventTarget(), {
    waiting,
    installing: null as (EventTarget & { state: string }) | null,
  });
  const container = { controller, register: vi.fn(async () => registration) };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return { container, registration };
}

const loadNotices = async () => (await import('./load-notices')).loadNotices;

describe('the service worker’s registration', () => {
  it('registers /sw.js once, whoever asks first (the offline layer or push)', async () => {
    const { container, registration } = stubWorkers(null, null);
    const worker = await import('./service-worker');
    const [first, second] = await Promise.all([worker.serviceWorkerRegistration(), worker.serviceWorkerRegistration()]);
    expect(first).toBe(registration);
    expect(second).toBe(registration);
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith('/sw.js');
  });

  it('tries again after a refusal', async () => {
    const { container, registration } = stubWorkers(null, null);
    container.register.mockRejectedValueOnce(new DOMException('refused', 'SecurityError'));
    const worker = await import('./service-worker');
    await expect(worker.serviceWorkerRegistration()).rejects.toThrow('refused');
    await expect(worker.serviceWorkerRegistration()).resolves.toBe(registration);
  });

  it('has no update to announce on the first install, when no older version controls the page', async () => {
    stubWorkers({ state: 'installed' }, null);
    const worker = await import('./service-worker');
    await worker.serviceWorkerRegistration();
    expect(await loadNotices()).not.toHaveBeenCalled();
  });

  it('announces a version found waiting', async () => {
    const waiting = { state: 'installed' };
    stubWorkers(waiting, { state: 'activated' });
    const worker = await import('./service-worker');
    await worker.serviceWorkerRegistration();
    await vi.waitFor(() => expect(notices.announceUpdate).toHaveBeenCalledWith(waiting));
  });

  it('announces a version installed while the page is open, once it is installed', async () => {
    const { registration } = stubWorkers(null, { state: 'activated' });
    const worker = await import('./service-worker');
    await worker.serviceWorkerRegistration();
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.dispatchEvent(new Event('statechange'));
    expect(await loadNotices()).not.toHaveBeenCalled();
    installing.state = 'installed';
    registration.waiting = installing;
    installing.dispatchEvent(new Event('statechange'));
    await vi.waitFor(() => expect(notices.announceUpdate).toHaveBeenCalledWith(installing));
  });

  it('registers only once the page has loaded and the browser is idle', async () => {
    const { container } = stubWorkers(null, null);
    const idle = vi.fn((run: () => void) => run());
    vi.stubGlobal('requestIdleCallback', idle);
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      const worker = await import('./service-worker');
      // import.meta.env.DEV is true under Vitest: the production path is what the build runs.
      vi.stubEnv('DEV', false);
      worker.registerServiceWorkerWhenIdle();
      expect(container.register).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('load'));
      expect(idle).toHaveBeenCalledTimes(1);
      expect(container.register).toHaveBeenCalledWith('/sw.js');
    } finally {
      readyState.mockRestore();
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
  });
});

describe('the install prompt', () => {
  it('is held from the browser, for the install offer', async () => {
    const { watchInstallPrompt } = await import('./install-prompt');
    watchInstallPrompt();
    const event = new Event('beforeinstallprompt', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(notices.holdInstallPrompt).toHaveBeenCalledWith(event));
  });

  it('takes the prompt a server-rendered page held before the app’s code arrived', async () => {
    const held = new Event('beforeinstallprompt', { cancelable: true });
    (window as { __installPrompt?: Event }).__installPrompt = held;
    try {
      const { watchInstallPrompt } = await import('./install-prompt');
      watchInstallPrompt();
      await vi.waitFor(() => expect(notices.holdInstallPrompt).toHaveBeenCalledWith(held));
    } finally {
      delete (window as { __installPrompt?: Event }).__installPrompt;
    }
  });

  it('notes a finished chapter, told by the reading screen, only where the browser can install the site', async () => {
    const { watchInstallPrompt } = await import('./install-prompt');
    const { announceChapterFinished } = await import('../../lib/chapter-finished');
    watchInstallPrompt();
    announceChapterFinished();
    expect(await loadNotices()).not.toHaveBeenCalled();
    (window as { onbeforeinstallprompt?: unknown }).onbeforeinstallprompt = null;
    announceChapterFinished();
    await vi.waitFor(() => expect(notices.noteChapterFinished).toHaveBeenCalledTimes(1));
  });
});
