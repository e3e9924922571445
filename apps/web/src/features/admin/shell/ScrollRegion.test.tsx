import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { BookList } from '../books/BookList';
import OrdersSection from '../orders/OrdersSection';
import { ReaderList } from '../readers/ReaderList';

const ok = (data: unknown) => ({ status: 200, body: { data } });

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

/** Every table of a screen sits in a named region that takes keyboard focus (it scrolls sideways on a phone). */
function expectTablesInFocusableRegions(names: string[]) {
  const tables = screen.getAllByRole('table');
  expect(tables.length).toBeGreaterThan(0);
  for (const table of tables) {
    const region = table.parentElement!;
    expect(region.getAttribute('role')).toBe('region');
    expect(region.tabIndex).toBe(0);
  }
  for (const name of names) expect(screen.getByRole('region', { name })).toBeTruthy();
}

describe('console tables and searches', () => {
  it('books: the table is a focusable region and the search landmark has a name of its own', async () => {
    stubApi({ 'GET /admin/books': ok({ items: [], total: 0 }), 'GET /admin/recommendations': ok({ items: [] }) });
    renderScreen(<BookList />, '/admin/books');
    await screen.findByText('Nothing here yet.');
    expectTablesInFocusableRegions(['Table: Books']);
    expect(screen.getByRole('search', { name: 'Search the console’s books' })).toBeTruthy();
  });

  it('readers: the same, with a different name for its search', async () => {
    stubApi({ 'GET /admin/users': ok({ items: [], total: 0 }) });
    renderScreen(<ReaderList />, '/admin/readers');
    await screen.findByText('Nothing here yet.');
    expectTablesInFocusableRegions(['Table: Readers']);
    expect(screen.getByRole('search', { name: 'Search readers' })).toBeTruthy();
  });

  it('orders: the list table is a focusable region', async () => {
    stubApi({ 'GET /admin/orders': ok({ items: [], total: 0 }) });
    renderScreen(<OrdersSection />, '/admin/orders', '/admin/orders/*');
    await screen.findByText('Nothing here yet.');
    expectTablesInFocusableRegions(['Table: Orders']);
  });
});
