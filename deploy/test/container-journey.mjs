// The reader's journey of the container proof (container-test.mjs): a comic imported with the
// image's admin CLI, then register, a free chapter, a page, a sandbox membership payment, the paid
// chapter and its page, alternating between the two containers.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import yazl from 'yazl';
import { expectStatus, podman, PODMAN_RUN, request, until } from './container-lib.mjs';

/** A comic of two chapters (the first free) of two drawn pages each, imported with the image's CLI. */
async function importBook(ctx) {
  const { scratch, image, envArgs, containerEnv } = ctx;
  const zip = new yazl.ZipFile();
  for (const chapter of [1, 2]) {
    for (const page of [1, 2]) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="180"><rect width="100%" height="100%" fill="#${chapter}${page}6699"/></svg>`;
      zip.addBuffer(await sharp(Buffer.from(svg)).jpeg().toBuffer(), `Chapter ${chapter}/page-${page}.jpg`);
    }
  }
  zip.end();
  const chunks = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk);
  const fixtures = path.join(scratch, 'fixtures');
  mkdirSync(fixtures, { mode: 0o755 });
  writeFileSync(path.join(fixtures, 'harbour.cbz'), Buffer.concat(chunks), { mode: 0o644 });
  const imported = await podman([
    'run',
    '--rm',
    ...PODMAN_RUN,
    '--read-only',
    '-v',
    `${fixtures}:/fixtures:ro`,
    ...envArgs(containerEnv('a')),
    image,
    'node',
    'apps/server/dist/cli/admin.js',
    'import',
    '/fixtures/harbour.cbz',
    '--title',
    'en-us=Harbour Lights',
    '--free-chapters',
    '1',
  ]);
  const match = /book ([0-9a-f-]{36})/.exec(imported.stdout);
  if (!match) throw new Error(`no book in the import's output:\n${imported.stdout}`);
  return match[1];
}

/** Register, read a free chapter, pay a membership in the sandbox, read the paid chapter and a page: through both containers. */
export async function readersJourney(ctx) {
  const { base, log } = ctx;
  const bookUuid = await importBook(ctx);
  log(`book imported with the image's admin CLI (book ${bookUuid})`);
  const username = `reader${randomBytes(3).toString('hex')}`;
  const password = 'container-journey-1';
  await expectStatus(
    'register on A',
    await request(`${base('a')}/api/v1/user/register`, { method: 'POST', json: { username, password } }),
    201,
  );
  const login = await expectStatus(
    'login on B',
    await request(`${base('b')}/api/v1/user/login`, { method: 'POST', json: { username, password } }),
    200,
  );
  const token = login.json.data.jwt_token;
  // The chapter list is cached per node; B sees the CLI's import through the shared version.
  let chapters = [];
  await until(
    'the imported book listed on both',
    async () => {
      for (const node of ['a', 'b']) {
        const list = await request(`${base(node)}/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/50`);
        if (list.status !== 200) return false;
        chapters = list.json.data.result.chapters.map((chapter) => chapter.chapter_uuid);
      }
      return chapters.length === 2;
    },
    { timeoutMs: 30_000 },
  );
  const [free, paid] = chapters;
  const read = (node, chapter) => request(`${base(node)}/api/v1/comics/chapter_comics/${chapter}/en-us`, { token });
  const freeChapter = await expectStatus('free chapter on B', await read('b', free), 200);
  const page = async (node, url) => {
    const target = new URL(url, base(node));
    const image = await expectStatus(`page image on ${node}`, await request(`${base(node)}${target.pathname}${target.search}`), 200);
    if (!String(image.headers['content-type']).startsWith('image/')) throw new Error(`page is ${image.headers['content-type']}`);
    return image.body.length;
  };
  await page('a', freeChapter.json.data.result.images[0]);
  const refused = await read('a', paid);
  if (refused.status < 400 || refused.json?.code !== 'MEMBERSHIP_REQUIRED')
    throw new Error(`paid chapter before paying: ${refused.status} ${refused.body}`);
  const order = await expectStatus(
    'membership order on B',
    await request(`${base('b')}/api/v1/payment/wechat/payment/china_book_membership/create`, {
      method: 'POST',
      token,
      json: { months: 1 },
    }),
    200,
  );
  const orderId = order.json.data.order_id;
  await expectStatus(
    'sandbox payment on A',
    await request(`${base('a')}/api/v1/payment/sandbox/orders/${orderId}/pay`, { method: 'POST', token, json: { outcome: 'succeeded' } }),
    200,
  );
  // The payment was settled on A; B answers from the shared database (its member cache is told through Redis).
  let paidChapter;
  await until('the paid chapter served on B after the payment', async () => (paidChapter = await read('b', paid)).status === 200, {
    timeoutMs: 15_000,
  });
  const bytes = await page('a', paidChapter.json.data.result.images[1]);
  log(
    `reader's journey through both: registered on A, free chapter on B, page on A, refused then paid (sandbox order ${orderId}), paid chapter on B, its page on A (${bytes} bytes)`,
  );
}
