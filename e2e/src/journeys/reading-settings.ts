import type { Page } from 'playwright-core';

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
  };
}

/** Waits for the next answered PUT /user/reading_preferences and gives its `result`. */
export async function nextSavedPreferences(page: Page): Promise<PreferencesAnswer> {
  const response = await page.waitForResponse(
    (answer) => answer.url().endsWith('/api/v1/user/reading_preferences') && answer.request().method() === 'PUT',
  );
  if (!response.ok()) throw new Error(`PUT reading_preferences: HTTP ${response.status()}`);
  return ((await response.json()) as { data: { result: PreferencesAnswer } }).data.result;
}

export interface PreferencesAnswer {
  defaults: Record<string, unknown>;
  books: { book_uuid: string; mode: string | null; direction: string | null; fit: string | null; cover_alone: boolean | null }[];
}

/** The computed look of the novel's text: its face, and its page's background colour. */
export const novelLook = (page: Page) =>
  page.getByRole('article').evaluate((article) => ({
    fontFamily: getComputedStyle(article).fontFamily,
    background: getComputedStyle(article.closest('[data-theme]') ?? document.body).backgroundColor,
    theme: article.closest('[data-theme]')?.getAttribute('data-theme') ?? null,
  }));
