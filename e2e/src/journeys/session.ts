import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from '../browser.js';
import { logInViaApi } from './api.js';
import { loginForm } from './account.js';

/** Demo accounts seeded on a fresh data folder (apps/server/src/modules/demo/demo-accounts.ts). */
export const DEMO_MEMBER = { username: 'demomember', password: 'member2026' } as const;
export const DEMO_EXPIRED = { username: 'demoexpired', password: 'expired2026' } as const;

export interface Session {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh browser profile and page. Errors the page throws are collected, so a journey can also
 * assert that nothing crashed along the way.
 */
export async function openSession(
  browser: Browser,
  baseUrl: string,
  options: Parameters<typeof newContext>[2] = {},
): Promise<Session & { pageErrors: Error[] }> {
  const context = await newContext(browser, baseUrl, options);
  // Fail a step after 10 s rather than Playwright's 30 s: the whole project must stay within minutes.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  waitForInteractiveAfterLoads(page);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/** Waits (up to 10 s) until `read` returns the expected value; the default poll timeout of 1 s is too short on a busy machine. */
export function eventually<T>(read: () => T | Promise<T>, timeout = 10_000) {
  return expect.poll(read, { timeout, interval: 100 });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Waits until the browser has taken over the page (App sets `data-interactive` on `<html>`): a
 * server-rendered button clicked before that does nothing, as it would for a person.
 */
export async function waitForInteractive(page: Page): Promise<void> {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

/**
 * Makes every document load a journey starts (goto, reload, back, forward) return only once the
 * browser has taken the page over. Public pages arrive server-rendered, so they are visible
 * before they respond: a key pressed or a link clicked in that window does nothing or does a full
 * page load, and a journey that acted at once failed only when the machine was busy. A person
 * waits for the page to respond; so does every journey, without each step having to remember it.
 * A history step inside the app loads no document (no response) and needs no wait.
 */
function waitForInteractiveAfterLoads(page: Page): void {
  const settle = async <R extends { headers(): Record<string, string> } | null>(response: R): Promise<R> => {
    if (response?.headers()['content-type']?.startsWith('text/html')) await waitForInteractive(page);
    return response;
  };
  const { goto, reload, goBack, goForward } = page;
  page.goto = async (...args) => settle(await goto.apply(page, args));
  page.reload = async (...args) => settle(await reload.apply(page, args));
  page.goBack = async (...args) => settle(await goBack.apply(page, args));
  page.goForward = async (...args) => settle(await goForward.apply(page, args));
}

/** A username no earlier run took: letters and digits only, at most 16 characters. */
export function uniqueUsername(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${randomInt(1000, 9999)}`.slice(0, 16);
}

/**
 * Registers straight through the API (faster than the form, for journeys that only need an account).
 * Each account comes from its own client address, as real readers do (the test server trusts the
 * local proxy header): the per-address registration limit (20 an hour) is for the journeys that
 * register through the form, and the whole suite creates more accounts than that.
 */
export async function registerViaApi(baseUrl: string, username: string, password: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
    body: JSON.stringify({ username, password, user_type: 'inkstream' }),
  });
  if (response.status !== 201) throw new Error(`register ${username}: HTTP ${response.status} ${await response.text()}`);
}

/** A new account without membership or likes. */
export async function freshUser(baseUrl: string): Promise<{ username: string; password: string }> {
  const user = { username: uniqueUsername(), password: `pw${randomInt(100000, 999999)}x` };
  await registerViaApi(baseUrl, user.username, user.password);
  return user;
}

/**
 * Logs in through the API and stores the session the way the app does (spec section 3), so a
 * journey that is not about logging in starts logged in, in any interface language.
 */
/** What POST /user/login answers: the token and who it is for. */
export interface LoggedIn {
  jwt_token: string;
  uuid: string;
  username: string;
}

/** Logs in through the API and answers the session (an error when refused). */
export async function logInForSession(baseUrl: string, username: string, password: string): Promise<LoggedIn> {
  const response = await logInViaApi(baseUrl, username, password);
  if (!response.ok) throw new Error(`login ${username}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: LoggedIn }).data;
}

/**
 * Puts a session into the profile's storage before any page loads, as the app keeps it. A file
 * that opens many browsers as one reader logs in once and stores that session in each: logins
 * are limited to 10 a minute per account.
 */
export async function storeSession(context: BrowserContext, session: LoggedIn): Promise<void> {
  await context.addInitScript((stored) => {
    if (localStorage.getItem('USER_UUID')) return; // set once; the app may log out later
    localStorage.setItem('X-API-TOKEN', stored.jwt_token);
    localStorage.setItem('USER_UUID', stored.uuid);
    localStorage.setItem('USERNAME', stored.username);
  }, session);
}

export async function storeSessionViaApi(context: BrowserContext, baseUrl: string, username: string, password: string): Promise<void> {
  await storeSession(context, await logInForSession(baseUrl, username, password));
}

/** Fills the login form and submits; the app then reloads to `/`. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto('/login');
  // By the form's name: a screen reached by a click may still show the one before it for a moment.
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
}

/** Logs in through the form and waits for the full reload to `/` with the user name in the header. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  await waitForLoggedIn(page, username);
}

/** Waits for the full reload a login ends with (to `pathname`, `/` by default) and for the user name in the header. */
export async function waitForLoggedIn(page: Page, username: string, pathname = '/'): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
  await waitForInteractive(page);
  await headerUserLink(page, username).waitFor();
}

/** The header's link to /profile, named by the user name. */
export const headerUserLink = (page: Page, username: string) => page.getByRole('banner').getByRole('link', { name: username, exact: true });
