import type { Locator, Page, Response } from 'playwright-core';
import { eventually } from './session.js';
import { chapterText } from './novel.js';

/** The reader's settings button and panel (modes/ReadingSettingsPanel.tsx), by the en-us texts of readingsettings.json. */
export function readingSettings(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Reading settings' });
  const radio = (name: string) => dialog.getByRole('radio', { name, exact: true });
  return {
    open: page.getByRole('banner').getByRole('button', { name: 'Reading settings' }),
    dialog,
    close: dialog.getByRole('button', { name: 'Close' }),
    radio,
    mode: (name: 'Long strip' | 'Single page' | 'Double page') => radio(name),
    direction: (name: 'Left to right' | 'Right to left') => radio(name),
    fit: (name: 'Fit width' | 'Fit height' | 'Original size') => radio(name),
    font: (name: 'Default for the language' | 'Serif' | 'Sans serif') => radio(name),
    theme: (name: 'System' | 'Light' | 'Sepia' | 'Dark') => radio(name),
    lineSpacing: dialog.getByRole('slider', { name: 'Line spacing' }),
    margins: dialog.getByRole('slider', { name: 'Margins' }),
    useForAll: dialog.getByRole('button', { name: 'Use for all my books' }),
    reset: dialog.getByRole('button', { name: "Back to the book's settings" }),
    /**
     * Picks an option and waits for the panel to show it picked. Not Playwright's check(), which
     * reads the state once, at once: a member's choice reaches the panel through the query cache,
     * which tells its readers a moment later (TanStack Query notifies in a timeout), and until
     * then React keeps the radio as it was; on a busy machine check() read it then and failed.
     */
    async choose(option: Locator) {
      await option.click();
      await eventually(() => option.isChecked()).toBe(true);
    },
  };
}

/**
 * Waits for the next answered PUT /user/reading_preferences (the next whose answer `until` accepts,
 * when given) and gives its `result`.
 */
export async function nextSavedPreferences(page: Page, until?: (answer: PreferencesAnswer) => boolean): Promise<PreferencesAnswer> {
  const resultOf = async (response: Response) => ((await response.json()) as { data: { result: PreferencesAnswer } }).data.result;
  const response = await page.waitForResponse(
    async (answer) =>
      answer.url().endsWith('/api/v1/user/reading_preferences') &&
      answer.request().method() === 'PUT' &&
      (!until || !answer.ok() || until(await resultOf(answer))),
  );
  if (!response.ok()) throw new Error(`PUT reading_preferences: HTTP ${response.status()}`);
  return resultOf(response);
}

export interface PreferencesAnswer {
  defaults: Record<string, unknown>;
  books: { book_uuid: string; mode: string | null; direction: string | null; fit: string | null; cover_alone: boolean | null }[];
}

/** The computed look of the novel's text: its face, and its page's background colour. */
export const novelLook = (page: Page) =>
  chapterText(page).evaluate((article) => ({
    fontFamily: getComputedStyle(article).fontFamily,
    background: getComputedStyle(article.closest('[data-theme]') ?? document.body).backgroundColor,
    theme: article.closest('[data-theme]')?.getAttribute('data-theme') ?? null,
  }));
