import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { bookUuid, readerPath } from '../src/journeys/catalogue-api.js';
import { novelView } from '../src/journeys/novel.js';
import { nextSavedPreferences, novelLook, readingSettings, type PreferencesAnswer } from '../src/journeys/reading-settings.js';
import { eventually, freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const COMIC = 'Moonlit Palace'; // a demo comic read as a long strip, left to right (nobody set it otherwise); chapter 1 is free
const NOVEL = 'Sword Song of the Nine Provinces'; // a demo novel, the first 10 chapters free
const SEPIA = 'rgb(244, 236, 216)'; // the sepia page (ReadingScreen.module.css)
/** The paged reader (its DOM contract, docs/READER-JOURNEY.md "Reading modes") in single pages, right to left. */
const SINGLE_RTL = '[data-paged-reader][data-mode="single"][data-direction="rtl"]';

/** Opens a reader's page in a new browser context (a device of its own), logged in as `user` when given. */
async function openReader(path: string, user?: { username: string; password: string }, device: typeof PHONE | typeof DESKTOP = DESKTOP) {
  const session = await openSession(browser(), baseUrl, { device });
  if (user) await storeSessionViaApi(session.context, baseUrl, user.username, user.password);
  const preferences = user
    ? session.page.waitForResponse(
        (answer) => answer.url().endsWith('/api/v1/user/reading_preferences') && answer.request().method() === 'GET',
      )
    : null;
  await session.page.goto(path);
  await session.page.getByRole('heading', { level: 1 }).waitFor();
  return { ...session, settings: readingSettings(session.page), preferences };
}

describe('reading preferences', () => {
  it('follow a logged-in reader to another browser: single pages, right to left, for this comic', async () => {
    const user = await freshUser(baseUrl);
    const path = await readerPath(baseUrl, COMIC, 1);
    const book = await bookUuid(baseUrl, COMIC);

    const first = await openReader(path, user);
    await first.preferences;
    await first.settings.open.click();
    await first.settings.dialog.waitFor();
    expect(await first.settings.dialog.innerText()).toContain('This book: left to right, long strip');
    expect(await first.settings.mode('Long strip').isChecked()).toBe(true);
    // Quick successive choices go out as one call (on a busy machine the two clicks may come
    // further apart than the pause the panel waits for: then the second call carries both).
    const saved = nextSavedPreferences(first.page, (answer) => answer.books.some((choice) => choice.direction === 'rtl'));
    await first.settings.choose(first.settings.mode('Single page'));
    await first.settings.choose(first.settings.direction('Right to left'));
    expect((await saved).books).toEqual([expect.objectContaining({ book_uuid: book, mode: 'single', direction: 'rtl' })]);
    expect(await first.settings.mode('Single page').isChecked()).toBe(true);
    await first.page.locator(SINGLE_RTL).waitFor();
    // Escape closes the panel and gives the focus back to its button.
    await first.page.keyboard.press('Escape');
    await first.settings.dialog.waitFor({ state: 'hidden' });
    expect(await first.settings.open.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(first.pageErrors).toEqual([]);

    // Another device, the same reader: the account answers the choice and the panel shows it.
    const second = await openReader(path, user, PHONE);
    const answer = (await (await second.preferences!).json()) as { data: { result: PreferencesAnswer } };
    expect(answer.data.result.books).toEqual([expect.objectContaining({ book_uuid: book, mode: 'single', direction: 'rtl', fit: null })]);
    // The reader itself, not only the panel: this book in single pages, right to left.
    await second.page.locator(SINGLE_RTL).waitFor();
    await second.settings.open.click();
    await eventually(() => second.settings.mode('Single page').isChecked()).toBe(true);
    expect(await second.settings.direction('Right to left').isChecked()).toBe(true);
    // Nobody chose a fit: the site's, the whole page in view.
    expect(await second.settings.fit('Fit height').isChecked()).toBe(true);
    // A click outside the panel closes it.
    await second.page.mouse.click(195, 20);
    await second.settings.dialog.waitFor({ state: 'hidden' });
    await first.context.close();
    await second.context.close();
  });

  it("keep a visitor's choice in the browser across a reload, and go back to the book's settings", async () => {
    const { context, page, settings } = await openReader(await readerPath(baseUrl, COMIC, 1));
    await settings.open.click();
    await settings.choose(settings.mode('Double page'));
    await settings.choose(settings.fit('Fit height'));
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settings.open.click();
    await eventually(() => settings.mode('Double page').isChecked()).toBe(true);
    expect(await settings.fit('Fit height').isChecked()).toBe(true);
    await settings.reset.click();
    await eventually(() => settings.mode('Long strip').isChecked()).toBe(true);
    expect(await settings.fit('Fit height').isChecked()).toBe(true);
    await context.close();
  });

  it("carry a novel's theme and face to the reader's other browser, with nothing serious for axe with the panel open", async () => {
    const user = await freshUser(baseUrl);
    const path = await readerPath(baseUrl, NOVEL, 1);
    const first = await openReader(path, user, PHONE);
    await first.preferences;
    await novelView(first.page).paragraphs.first().waitFor();
    const before = await novelLook(first.page);
    expect(before.theme).toBe('system');
    expect(before.fontFamily).not.toMatch(/Georgia/);
    await first.settings.open.click();
    expect(await first.settings.dialog.innerText()).toContain('These settings apply to all novels.');
    const saved = nextSavedPreferences(first.page, (answer) => answer.defaults.font_family === 'serif');
    await first.settings.choose(first.settings.theme('Sepia'));
    await first.settings.choose(first.settings.font('Serif'));
    expect((await saved).defaults).toMatchObject({ theme: 'sepia', font_family: 'serif' });
    expect(await novelLook(first.page)).toMatchObject({ theme: 'sepia', background: SEPIA });
    expect(await seriousViolations(first.page)).toEqual([]);
    // The dark theme with the panel open, too.
    await first.settings.choose(first.settings.theme('Dark'));
    await eventually(async () => (await novelLook(first.page)).theme).toBe('dark');
    expect(await seriousViolations(first.page)).toEqual([]);
    const back = nextSavedPreferences(first.page, (answer) => answer.defaults.theme === 'sepia');
    await first.settings.choose(first.settings.theme('Sepia'));
    expect((await back).defaults).toMatchObject({ theme: 'sepia' });

    const second = await openReader(path, user, DESKTOP);
    await novelView(second.page).paragraphs.first().waitFor();
    await eventually(async () => (await novelLook(second.page)).background).toBe(SEPIA);
    expect((await novelLook(second.page)).fontFamily).toMatch(/^Georgia/);
    await second.settings.open.click();
    expect(await second.settings.theme('Sepia').isChecked()).toBe(true);
    expect(await second.settings.font('Serif').isChecked()).toBe(true);
    expect(await seriousViolations(second.page)).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
