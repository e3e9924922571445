import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUs from '../i18n/locales/en-us/index';
import { AuthProvider } from '../features/auth/AuthContext';

/**
 * English resources, as a reader with en-us sees them. lowerCaseLng keeps i18next from looking the
 * language up as 'en-US', which would miss resources stored under 'en-us'.
 */
export const setUpI18n = () =>
  i18next.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': enUs },
    ns: Object.keys(enUs),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });

/** Shows where the router went, so a test can assert a navigation. */
function WhereAmI() {
  return <span data-testid="location">{useLocation().pathname}</span>;
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

type Reply = { status: number; body: unknown };

/** Replaces fetch with canned answers keyed by "METHOD /path"; returns the mock to inspect calls. */
export function stubApi(replies: Record<string, Reply | (() => Reply)>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`;
    const entry = replies[key];
    const reply = typeof entry === 'function' ? entry() : (entry ?? { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
