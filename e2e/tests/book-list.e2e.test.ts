import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookList, scrollUntilVisible } from '../src/journeys/book-list.js';
import { eventually, openSession, pathOf } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

// The demo catalogue: 24 books; by update time The Storm Gate, Neon Ronin, Letters from Tomorrow lead,
// by popularity The Storm Gate, Neon Ronin, The Jade Hairpin. Urban romance (都市言情) has four books.
const URBAN_ROMANCE = ['Letters from Tomorrow', 'Coffee at Midnight', 'Office Hours', 'City of Small Wonders'];

describe('book list journeys', () => {
  it('browses the home page: recommended carousel, cards with their details, footer', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    const list = bookList(page);
    await page.goto('/');
    await list.ready();

    expect(await page.title()).toContain('Inkstream');
    await list.recommended.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await list.recommendedTitles()).toEqual([
      'The Storm Gate',
      'The Jade Hairpin',
      'Neon Ronin',
      'The Lanterns of Montmartre',
      'Dragon Oath Academy',
    ]);
    // The carousel scrolls with its arrow on a phone, and the previous arrow then becomes usable.
    const previous = list.recommended.getByRole('button', { name: 'Previous recommendations' });
    expect(await previous.isDisabled()).toBe(true);
    await list.recommended.getByRole('button', { name: 'More recommendations' }).click();
    const track = list.recommended.getByRole('list');
    await eventually(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await eventually(() => previous.isEnabled()).toBe(true);

    // First page: 10 cards, newest update first.
    expect(await list.grid.getByRole('heading', { level: 3 }).count()).toBe(10);
    expect((await list.gridTitles()).slice(0, 3)).toEqual(['The Storm Gate', 'Neon Ronin', 'Letters from Tomorrow']);
    const first = list.grid.locator(':scope > li').first();
    const text = await first.innerText();
    expect(text).toContain('120 chapters');
    expect(text).toContain('100+ chapters'); // the length tier of 100 to 299 chapters
    expect(text).toContain('First 3 chapters free');
    expect(text).toMatch(/Just posted|minutes? ago/);
    expect(await first.getByRole('list', { name: 'Genres' }).getByRole('listitem').allTextContents()).toEqual([
      'Xuanhuan fantasy',
      'Classical wuxia',
      'Historical transmigration',
    ]);
    // Likes badge above 2 likes (18,452 in the demo; the like journey may have added one), grouped
    // as the book page writes it (issue 40: the card said "♥ 18452").
    expect(await first.getByText(/^18,4\d\d likes$/).count()).toBe(1);
    expect(await first.getByText(/^♥ 18,4\d\d$/).count()).toBe(1);
    // The cover's box is reserved before the image arrives (3:4).
    const cover = first.locator('img').first();
    expect(await cover.getAttribute('width')).toBe('600');
    expect(await cover.getAttribute('height')).toBe('800');
    // Letters from Tomorrow has 1 chapter, no likes badge.
    const single = list.grid.locator(':scope > li').filter({ hasText: 'Letters from Tomorrow' });
    expect(await single.innerText()).toContain('1 chapter');
    expect(await single.getByText(/likes?$/).count()).toBe(0);

    // The footer sits inside <main> (so it is not a contentinfo landmark): find it by its element.
    const footer = page.locator('footer');
    expect(await footer.innerText()).toMatch(/© \d{4} Inkstream/);
    expect(await footer.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:.+@.+/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('filters by a tag and clears the filter by clicking the active tag again', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const list = bookList(page);
    await page.goto('/');
    await list.ready();
    const chip = list.tag('Urban romance');
    expect(await list.tag('All').getAttribute('aria-pressed')).toBe('true');

    await chip.click();
    await eventually(() => list.gridTitles()).toEqual(URBAN_ROMANCE);
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    expect(await list.tag('All').getAttribute('aria-pressed')).toBe('false');
    expect(new URL(page.url()).searchParams.get('tag')).toBe('urban-romance'); // a readable address for the genre
    await list.allLoaded.waitFor(); // four books: a short page ends the list
    await page.getByRole('heading', { level: 2, name: 'Urban romance' }).waitFor(); // the heading names the tag

    await chip.click();
    await eventually(() => list.grid.getByRole('heading', { level: 3 }).count()).toBe(10);
    expect(await chip.getAttribute('aria-pressed')).toBe('false');
    expect(await list.tag('All').getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.has('tag')).toBe(false);
    await context.close();
  });

  it('shows only novels with the Novels switch, filtered by the server', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const list = bookList(page);
    await page.goto('/');
    await list.ready();
    // The choice goes through the address (a router transition), so the radio is checked a moment later.
    const novelsRadio = page.getByRole('radio', { name: 'Novels' });
    await novelsRadio.click();
    await eventually(() => novelsRadio.isChecked()).toBe(true);
    const novels = ['Return to the Tang', 'Rebel of the Southern Court', 'Sword Song of the Nine Provinces', 'The Silent Witness'];
    await eventually(async () => (await list.gridTitles()).sort()).toEqual(novels.sort());
    expect(new URL(page.url()).searchParams.get('type')).toBe('novel');
    await context.close();
  });

  it('switches the sort order between latest updates and most popular', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const list = bookList(page);
    await page.goto('/');
    await list.ready();
    expect(await list.sort('Latest updates').isChecked()).toBe(true);
    expect((await list.gridTitles())[2]).toBe('Letters from Tomorrow');

    await list.sort('Most popular').click();
    await eventually(async () => (await list.gridTitles()).slice(0, 3)).toEqual(['The Storm Gate', 'Neon Ronin', 'The Jade Hairpin']);
    expect(await list.sort('Most popular').isChecked()).toBe(true);
    expect(new URL(page.url()).searchParams.get('order')).toBe('popularity');
    expect(await list.grid.getByRole('heading', { level: 3 }).count()).toBe(10); // back to page 0

    await list.sort('Latest updates').click();
    await eventually(async () => (await list.gridTitles())[2]).toBe('Letters from Tomorrow');
    await context.close();
  });

  it('scrolls until "All loaded" with every book of the catalogue once', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const list = bookList(page);
    await page.goto('/');
    await list.ready();
    expect(await list.allLoaded.isVisible()).toBe(false);
    await scrollUntilVisible(page, list.allLoaded);
    const titles = await list.gridTitles();
    expect(titles).toHaveLength(24);
    expect(new Set(titles).size).toBe(24);
    expect(titles.at(-1)).toBe('Blade in the Snow');
    await context.close();
  });

  it('opens a book by clicking its card', async () => {
    const { context, page } = await openSession(browser(), baseUrl, { device: PHONE });
    const list = bookList(page);
    await page.goto('/');
    await list.ready();
    // The whole card is the click target, not only its title: click the middle of the cover.
    const coverImage = list.grid.locator(':scope > li').nth(1).locator('img').first();
    await coverImage.scrollIntoViewIfNeeded();
    const cover = await coverImage.boundingBox();
    await page.mouse.click(cover!.x + cover!.width / 2, cover!.y + cover!.height / 2);
    await eventually(() => pathOf(page)).toMatch(/^\/book\/chapters\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Neon Ronin' }).waitFor();
    expect(await page.getByText('110 chapters').first().isVisible()).toBe(true);
    // Back to the list.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await eventually(() => pathOf(page)).toBe('/');
    await list.ready();
    await context.close();
  });

  it('searches titles from the header (on the search page)', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const list = bookList(page);
    await page.goto('/');
    await list.ready();
    const search = page.getByRole('search');
    await search.getByRole('combobox', { name: 'Search titles' }).fill('storm');
    await search.getByRole('button', { name: 'Search' }).click();
    await eventually(() =>
      page
        .getByRole('list', { name: /Search: .*storm/ })
        .getByRole('heading', { level: 3 })
        .allTextContents(),
    ).toEqual(['The Storm Gate']);
    await context.close();
  });
});
