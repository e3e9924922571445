import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { activeTranslator, setActiveTranslator } from '../i18n/active';
import adminEn from '../i18n/locales/en-us/admin/index';
import enUs from '../i18n/locales/en-us/index';
import { createTranslator } from '../i18n/translator';
import { AuthProvider } from '../features/auth/AuthContext';

/** Every English namespace, as a reader with en-us sees them once the screens' texts are loaded. */
export function setUpI18n(): void {
  setActiveTranslator(createTranslator('en-us', enUs));
}

/** As setUpI18n, plus the console's namespaces (the app loads them with the console's code). */
export function setUpAdminI18n(): void {
  setUpI18n();
  for (const [namespace, bundle] of Object.entries(adminEn)) activeTranslator().addResources(namespace, bundle);
}

/** Shows where the router went (path, query and the state handed over), so a test can assert a navigation. */
function WhereAmI() {
  const location = useLocation();
  return (
    <>
      <span data-testid="location">{location.pathname}</span>
      <span data-testid="location-search">{location.search}</span>
      <span data-testid="location-state">
        {location.state === null || location.state === undefined ? '' : JSON.stringify(location.state)}
      </span>
    </>
  );
}

/** Shared by the screen tests: renders one screen at `path` (matched by `route`) inside the providers the app gives it. */
export function renderScreen(element: ReactElement, path: string, route = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <WhereAmI />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/** After each screen test: unmount what it rendered and take back the stubbed globals (fetch, scrollTo…). */
export function cleanUpScreen(): void {
  cleanup();
  vi.unstubAllGlobals();
}

/**
 * The hooks of a test file whose screens a signed-in reader sees: English texts, a session in
 * storage (token-1, uuid-1) and nothing else stored before each test, the clean-up after it.
 */
export function setUpSignedInScreenTests(): void {
  beforeAll(setUpI18n);
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('X-API-TOKEN', 'token-1');
    localStorage.setItem('USER_UUID', 'uuid-1');
  });
  afterEach(cleanUpScreen);
}

type Reply = { status: number; body: unknown };

/** Replaces fetch with canned answers keyed by "METHOD /path"; returns the mock to inspect calls. */
export function stubApi(replies: Record<string, Reply | ((url: URL) => Reply)>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`;
    const entry = replies[key];
    const reply = typeof entry === 'function' ? entry(url) : (entry ?? { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
