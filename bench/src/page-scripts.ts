import type { Browser, BrowserContextOptions } from 'playwright-core';

/**
 * The JavaScript a page loads when it is opened fresh (no cache): every script response until the
 * network is idle, lazy chunks the page pulls in while it renders included. Shared by the web
 * quality bench (first-load JS of `/`, gzip) and the reader bench (the reading screen, brotli).
 */
export async function scriptsOfPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<{ url: string; body: Buffer }[]> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const pending: Promise<{ url: string; body: Buffer } | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then(
          (body) => ({ url: response.url(), body }),
          () => null,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return (await Promise.all(pending)).filter((script) => script !== null);
  } finally {
    await context.close();
  }
}
