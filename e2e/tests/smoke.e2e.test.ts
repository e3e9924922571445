import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, newContext, PHONE } from '../src/browser.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

describe('the site in a real browser', () => {
  it('serves the app shell with the header and the site name', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('link', { name: 'Inkstream' }).first().isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    await context.close();
  });

  it('sets right-to-left for Arabic on a phone', async () => {
    const context = await newContext(browser(), baseUrl, { language: 'ar-sa', device: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    // Set once the first translations are in (main.tsx starts the app then), which the load event
    // does not wait for: on a loaded machine that is more than expect.poll's default second.
    await expect.poll(() => page.getAttribute('html', 'dir'), { timeout: 15_000 }).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar-SA');
    await context.close();
  });

  it('shows a 404 screen for unknown paths (with the way home) and guards the profile', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await page.goto('/profile');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
