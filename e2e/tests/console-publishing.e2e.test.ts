import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { operatorPerFile } from '../src/journeys/operator.js';
import { openSession, storeSessionViaApi, uniqueUsername } from '../src/journeys/session.js';

/** A book's publishing days and ranking exclusion in the console, and the console's calendar (issue 46). */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);

describe("the console's publishing schedule and calendar", () => {
  it('sets the days and the exclusion on the book page, keeps them, and shows the book in the calendar', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: DESKTOP });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
    // A book of its own: the demo's books are read by other files' journeys at the same time.
    const title = `Weekly ${uniqueUsername('w').slice(1)}`;
    await page.goto('/admin/books/new');
    await page.getByLabel('Original language').selectOption('en-us');
    await page.getByLabel('Title (English)').fill(title);
    await page.getByLabel('Artist').fill('Bea Stone');
    await page.getByRole('button', { name: 'Create book' }).click();
    await page.waitForURL(/\/admin\/books\/[0-9a-f-]{36}$/);

    const form = page.getByRole('form', { name: 'Publishing schedule' });
    await form.getByRole('checkbox', { name: 'Tuesday' }).waitFor();
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/admin\/books\/[0-9a-f-]{36}$/.test(request.url())) sent.push(request.postDataJSON());
    });
    await form.getByRole('checkbox', { name: 'Tuesday' }).check();
    await form.getByLabel('Time', { exact: true }).fill('10:00');
    await form.getByRole('combobox', { name: 'Time zone' }).fill('Asia/Shanghai');
    await form.getByRole('checkbox', { name: 'Exclude from rankings' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();
    expect(sent).toEqual([{ publishing: { days: [2], time: '10:00', time_zone: 'Asia/Shanghai' }, ranking_excluded: true }]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await form.getByRole('checkbox', { name: 'Tuesday' }).waitFor();
    expect(await form.getByRole('checkbox', { name: 'Tuesday' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Exclude from rankings' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Artist').inputValue()).toBe('Bea Stone');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Calendar' }).click();
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    // Tuesday 10:00 in Shanghai is in this week whatever the browser's zone (a Monday evening west of UTC-8).
    await page.getByRole('link', { name: title }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/admin\/books\/[0-9a-f-]{36}$/);
    expect(pageErrors.map((error) => error.message)).toEqual([]);
    await context.close();
  });
});
