import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookUuid } from '../src/journeys/catalogue-api.js';
import { eventually, freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

/**
 * Issue 31 on a phone: a reader rates a book with the keyboard-friendly 1–10 group and sees the
 * average and their own rating. Each language rates its own demo book. The demo's readers rate
 * books too, so the average shown is held to the server's Bayesian figure after the rating, which
 * must count one rating more than before.
 */
/** A book's rating summary, as the public API answers it. */
async function ratingOf(uuid: string): Promise<{ count: number; bayesian: number | null }> {
  const answer = (await (await fetch(`${baseUrl}/api/v1/comics/book/${uuid}/rating`)).json()) as {
    data: { result: { count: number; bayesian: number | null } };
  };
  return answer.data.result;
}

const CASES = [
  {
    language: 'en-us',
    title: 'Sands of the Falcon',
    texts: {
      section: 'Ratings and reviews',
      none: 'No ratings yet',
      login: 'Log in to rate this book',
      group: 'Your score, 1 to 10',
      seven: '7 out of 10',
      eight: '8 out of 10',
      review: 'Review (optional)',
      save: 'Save rating',
      saved: 'Your rating is saved.',
      yours: 'Your rating: 8 out of 10',
      count: '1 rating',
      reviews: '1 review',
    },
    // Left to right: the arrow towards the end of the line is the next score.
    nextKey: 'ArrowRight',
  },
  {
    language: 'ar-sa',
    title: 'Coffee at Midnight',
    texts: {
      section: 'التقييمات والمراجعات',
      none: 'لا توجد تقييمات بعد',
      login: 'سجّل الدخول لتقييم هذا الكتاب',
      group: 'درجتك من 1 إلى 10',
      seven: '7 من 10',
      eight: '8 من 10',
      review: 'مراجعة (اختيارية)',
      save: 'حفظ التقييم',
      saved: 'تم حفظ تقييمك.',
      yours: 'تقييمك: 8 من 10',
      count: 'تقييم واحد',
      reviews: 'مراجعة واحدة',
    },
    // Right to left: the next score is to the left.
    nextKey: 'ArrowLeft',
  },
] as const;

describe.each(CASES)('rating a book on a phone ($language)', ({ language, title, texts, nextKey }) => {
  it('shows visitors a login link, then lets a reader rate with the keyboard and see the average and their rating', async () => {
    const uuid = await bookUuid(baseUrl, title);
    // On a fresh server nobody rated it yet; a rerun against a running server adds to earlier runs' 8s.
    const before = await ratingOf(uuid);
    const isFirst = before.count === 0;
    const visitor = await openSession(browser(), baseUrl, { language, device: PHONE });
    await visitor.page.goto(`/book/chapters/${uuid}`);
    // The ratings sit behind one line above the chapter list (no shift while they load): open it.
    await visitor.page.locator('#ratings > summary').click();
    const visitorSection = visitor.page.getByRole('region', { name: texts.section });
    await visitorSection.getByRole('link', { name: texts.login }).waitFor();
    if (isFirst) await visitorSection.getByText(texts.none).waitFor();
    expect(await visitorSection.getByRole('link', { name: texts.login }).isVisible()).toBe(true);
    expect(await visitorSection.getByRole('radio').count()).toBe(0);
    await visitor.context.close();

    const reader = await freshUser(baseUrl);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: PHONE });
    await storeSessionViaApi(context, baseUrl, reader.username, reader.password);
    await page.goto(`/book/chapters/${uuid}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar-sa' ? 'rtl' : 'ltr');
    await page.locator('#ratings > summary').click();
    const section = page.getByRole('region', { name: texts.section });
    const group = section.getByRole('group', { name: texts.group });
    await group.waitFor();
    expect(await group.getByRole('radio').count()).toBe(10);

    // Pick 7, then the next score with the arrow key of the reading direction: 8.
    await group.getByRole('radio', { name: texts.seven }).check();
    await page.keyboard.press(nextKey);
    expect(await group.getByRole('radio', { name: texts.eight }).isChecked()).toBe(true);
    // Score 1 sits at the start of the line: left in English, right in Arabic.
    const first = await group.getByRole('radio').first().locator('..').boundingBox();
    const last = await group.getByRole('radio').last().locator('..').boundingBox();
    if (language === 'ar-sa') expect(first!.x).toBeGreaterThan(last!.x);
    else expect(first!.x).toBeLessThan(last!.x);

    await section.getByRole('textbox', { name: texts.review }).fill('Worth every chapter.');
    await section.getByRole('button', { name: texts.save }).click();
    await section.getByRole('status').getByText(texts.saved).waitFor();

    await eventually(async () => (await ratingOf(uuid)).count).toBe(before.count + 1);
    const after = await ratingOf(uuid);
    await eventually(() => section.getByTestId('rating-average').textContent()).toBe(after.bayesian!.toFixed(1));
    if (isFirst) expect(await section.getByText(texts.count, { exact: true }).isVisible()).toBe(true);
    expect(await section.getByRole('heading', { name: texts.yours }).isVisible()).toBe(true);
    if (isFirst) await section.getByRole('heading', { name: texts.reviews }).waitFor();
    await section.getByRole('listitem').filter({ hasText: 'Worth every chapter.' }).first().waitFor();

    // After a reload the stored rating is what the form shows.
    await page.reload();
    await page.locator('#ratings > summary').click();
    await section.getByRole('heading', { name: texts.yours }).waitFor();
    expect(await section.getByRole('radio', { name: texts.eight }).isChecked()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** The classic payloads: each would set window.__xss if it ever became markup or script. */
const XSS = [
  '<img src=x onerror=window.__xss=1>',
  '<script>window.__xss=1</script>',
  '<a href="javascript:window.__xss=1">tap me</a>',
  'javascript:window.__xss=1',
  '"><svg onload=window.__xss=1>',
];

describe('a review written as markup, on a phone (en-us)', () => {
  it('shows on the book page as the text the reader typed, to its author and to visitors, and nothing of it runs', async () => {
    // A book of its own (the language cases above count their books' first rating); an 8 keeps
    // the catalogue's mean where they expect it.
    const uuid = await bookUuid(baseUrl, 'Neon Ronin');
    const stamp = `xss-${Date.now().toString(36)}`;
    const review = `${XSS.join('\n')}\n${stamp}`;
    const reader = await freshUser(baseUrl);
    const author = await openSession(browser(), baseUrl, { language: 'en-us', device: PHONE });
    await storeSessionViaApi(author.context, baseUrl, reader.username, reader.password);
    const visitor = await openSession(browser(), baseUrl, { language: 'en-us', device: PHONE });
    const dialogs: string[] = [];
    for (const session of [author, visitor]) {
      session.page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    }

    await author.page.goto(`/book/chapters/${uuid}`);
    await author.page.locator('#ratings > summary').click();
    const form = author.page.getByRole('region', { name: 'Ratings and reviews' });
    await form.getByRole('group', { name: 'Your score, 1 to 10' }).getByRole('radio', { name: '8 out of 10' }).check();
    await form.getByRole('textbox', { name: 'Review (optional)' }).fill(review);
    await form.getByRole('button', { name: 'Save rating' }).click();
    await form.getByRole('status').getByText('Your rating is saved.').waitFor();

    // The author after a reload, and a visitor (whose book page the server renders): the review,
    // found by its stamp, reads exactly as typed, and holds no element any payload would make.
    for (const { page } of [author, visitor]) {
      if (page === author.page) await page.reload();
      else await page.goto(`/book/chapters/${uuid}`);
      await page.locator('#ratings > summary').click();
      const item = page.getByRole('region', { name: 'Ratings and reviews' }).getByRole('listitem').filter({ hasText: stamp });
      await item.waitFor();
      expect(await item.locator('p[dir="auto"]').last().innerText()).toBe(review);
      expect(await item.locator('a, img, script, svg:not([aria-hidden="true"]), iframe').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    expect(author.pageErrors).toEqual([]);
    expect(visitor.pageErrors).toEqual([]);
    await author.context.close();
    await visitor.context.close();
  });
});
