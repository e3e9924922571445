import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpI18n } from '../test-support/render-screen';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

// A screen whose code cannot be fetched (no connection, issue 47) must not blank the app.

function Unfetchable(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/LoginPage.js');
}

const shown = (address: string, child: React.ReactNode) => (
  <MemoryRouter>
    <ScreenErrorBoundary address={address}>{child}</ScreenErrorBoundary>
  </MemoryRouter>
);

beforeAll(setUpI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a screen that cannot be shown', () => {
  it('offline: says the screen needs a connection, with the way to the saved chapters', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('reportError', vi.fn());
    render(shown('/login', <Unfetchable />));
    expect(screen.getByText(/You're offline: this screen needs a connection\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open saved chapters' }).getAttribute('href')).toBe('/offline');
  });

  it('online: says something went wrong, offers a reload, still reports the error, and another address clears it', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const { rerender } = render(shown('/login', <Unfetchable />));
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(reported).toHaveBeenCalledTimes(1);
    rerender(shown('/books', <p>The book list</p>));
    expect(screen.getByText('The book list')).toBeTruthy();
  });
});
