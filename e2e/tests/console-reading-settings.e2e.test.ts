import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { operatorPerFile } from '../src/journeys/operator.js';
import { openSession, storeSessionViaApi, uniqueUsername } from '../src/journeys/session.js';

/** A comic's reading settings in the console (issue 45): set on the book's page, kept, and shown in the book list. */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);

describe("the console's reading settings of a comic", () => {
  it('are set on the book page (only the changed ones sent), kept on reload and shown in the book list', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: DESKTOP });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
    // A book of its own: the demo's books are read by other files' journeys at the same time.
    const title = `Manga ${uniqueUsername('m').slice(1)}`;
    await page.goto('/admin/books/new');
    await page.getByLabel('Original language').selectOption('en-us');
    await page.getByLabel('Title (English)').fill(title);
    await page.getByRole('button', { name: 'Create book' }).click();
    await page.waitForURL(/\/admin\/books\/[0-9a-f-]{36}$/);

    const reading = page.getByRole('form', { name: 'Reading', exact: true });
    const radio = (name: string) => reading.getByRole('radio', { name, exact: true });
    await radio('Left to right').waitFor();
    expect([await radio('Left to right').isChecked(), await radio('Long strip').isChecked()]).toEqual([true, true]);
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/reading')) sent.push(request.postDataJSON());
    });
    await radio('Right to left').check();
    await reading.getByRole('button', { name: 'Save' }).click();
    await reading.getByText('Saved.').waitFor();
    expect(sent).toEqual([{ direction: 'rtl' }]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await radio('Right to left').waitFor();
    expect([await radio('Right to left').isChecked(), await radio('Long strip').isChecked()]).toEqual([true, true]);

    await page.goto('/admin/books');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
    // The list's rows come after the page: waiting for the words in the book's row is the check.
    await row.getByText('Right to left').waitFor();
    expect(pageErrors.map((error) => error.message)).toEqual([]);
    await context.close();
  });
});
