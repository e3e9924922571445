import type { Page } from 'playwright-core';

/**
 * The chapter's text: the reader's one article marked as the text. Not any article of the page:
 * the end card's "Readers also read" cards are articles too.
 */
export const chapterText = (page: Page) => page.getByRole('main').locator('article[data-reading-text]');

/** The novel view of the reader, by roles and the en-us texts of reader.json. */
export function novelView(page: Page) {
  const main = page.getByRole('main');
  return {
    text: chapterText(page),
    paragraphs: chapterText(page).locator('p'),
    textSize: main.getByRole('group', { name: 'Text size' }),
    larger: main.getByRole('button', { name: 'Larger text' }),
    smaller: main.getByRole('button', { name: 'Smaller text' }),
    illustrations: main.getByRole('img', { name: /^Illustration \d+ of \d+$/ }),
  };
}

/** Computed font size (px) of the first paragraph of the chapter text. */
export const paragraphFontSize = (page: Page) =>
  chapterText(page)
    .locator('p')
    .first()
    .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));

/** How many characters of "0" fit on one line of the text column: the line length the `ch` unit speaks of. */
export const charactersPerLine = (page: Page) =>
  chapterText(page).evaluate((article) => {
    const probe = document.createElement('span');
    probe.textContent = '0'.repeat(100);
    probe.style.whiteSpace = 'nowrap';
    article.append(probe);
    const perCharacter = probe.getBoundingClientRect().width / 100;
    probe.remove();
    return article.getBoundingClientRect().width / perCharacter;
  });

/** Relative luminance (0 dark … 1 light) of an element's computed background colour. */
export const backgroundLuminance = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const [r, g, b] = (getComputedStyle(element).backgroundColor.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).map(Number);
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    });
