import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Where the journeys that illustrate the docs save their screenshots (SCREENSHOT_DIR=docs/admin: docs/ADMIN.md's); unset, none. */
const screenshotDir = process.env.SCREENSHOT_DIR;

/**
 * Saves the page as `<name>.jpg`, a JPEG of the first screenful: enough to recognise a screen,
 * small enough for the repository. `fullPage`: the whole page, as `<name>.png`.
 */
export async function shootForDocs(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot(
    options.fullPage
      ? { path: path.join(screenshotDir, `${name}.png`), fullPage: true }
      : { path: path.join(screenshotDir, `${name}.jpg`), type: 'jpeg', quality: 70 },
  );
}
