import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import enUs from '../../i18n/locales/en-us/index';
import { AuthProvider } from '../auth/AuthContext';

/** English resources as an en-us reader sees them (lowerCaseLng: resources are stored under 'en-us'). */
export const setUpI18n = () =>
  i18next.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': enUs },
    ns: Object.keys(enUs),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });

function WhereAmI() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}

/** Renders a route element at `path` with the app's providers and a probe showing the current path. */
export function renderAt(element: ReactElement, route: string, path: string) {
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

/** fetch answering "METHOD /path" (without /api/v1) from a table; anything else is a 404. */
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
