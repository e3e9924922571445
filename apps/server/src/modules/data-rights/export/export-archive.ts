import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { csvBytes } from './export-csv.js';
import type { ExportSnapshot } from './export-snapshot.js';

/** What each file of the archive holds, in the order README.txt lists them. */
export const ARCHIVE_FILES: readonly (readonly [string, string])[] = [
  [
    'account.json',
    'Your account: name, e-mail address, language, when it was made, your mail settings (reminders, digest, reply notices), whether two-step sign-in is on (never the secret or the recovery codes), the confirmation and reset links sent to you (never the links themselves), a comment ban if any, and what operators did to the account (action and date).',
  ],
  [
    'memberships.json',
    'Every stretch of membership time you were given: where it came from (payment, coupon, invitation, operator), from when to when, and whether it was revoked.',
  ],
  [
    'orders.json',
    'Your payment orders: plan or coin pack, amount (in minor units: cents, fen) and currency, state, the payment provider and its references, dates.',
  ],
  ['orders.csv', 'The same orders as a spreadsheet table (amount in the currency unit).'],
  [
    'coins.json',
    'Your coin wallet: the balance, every credit (lot) with what is left of it and when it expires, every movement with the balance after it, and which credits paid for each unlock.',
  ],
  ['coin-history.csv', 'The coin movements as a spreadsheet table.'],
  ['unlocks.json', 'Chapters you hold for good (coin unlocks, free unlocks, gifts): book, chapter, how and when.'],
  ['coupons.json', 'Coupons you redeemed: the code, what it gave, when.'],
  [
    'invitations.json',
    'Your invite code, who invited you (their name), and how many readers joined with your code and when (not their names).',
  ],
  ['reading-progress.json', 'Where you are in each book: chapter, page or position, when you were last there.'],
  ['reading-history.json', 'Every chapter you opened and when you finished it.'],
  ['reading-history.csv', 'The same history as a spreadsheet table.'],
  ['reading-events.json', 'The reading events your reader app sent (book opened, chapter started, finished), with their times.'],
  ['follows.json', 'The books you follow, since when.'],
  [
    'reading-preferences.json',
    'How you like to read: your defaults (page mode, direction, fit; the novel font, spacing, margins and theme) and your choices for single books.',
  ],
  ['likes.json', 'The chapters and comments you liked, and when.'],
  [
    'comments.json',
    'Your comments (text, state, chapter, dates), the reports you filed against comments, and the reply alerts you received.',
  ],
  ['ratings.json', 'Your ratings of books, with your review and its state.'],
  [
    'push-subscriptions.json',
    'Browsers you turned notifications on in: only the push service host, language and dates (never the address or keys).',
  ],
  ['feed-keys.json', 'Your reading-app feed keys: name, made, last used, revoked (never the keys).'],
  ['emails.json', 'The e-mails the site queued for you: kind, subject, address, state, dates.'],
  ['exports.json', 'Your requests for this archive (dates only).'],
];

function readme(snapshot: ExportSnapshot): string {
  const lines = [
    'Your Inkstream data',
    '===================',
    '',
    `This archive holds what the site stored about your account on ${new Date(snapshot.takenAt).toISOString()} (UTC),`,
    'read in one go, so every file shows the same moment. Dates are in UTC (ISO 8601).',
    'JSON files are for programs (and other services you may move to); CSV files open in a spreadsheet.',
    'Nothing secret is included: no password hash, no two-step secret or recovery code, no key or token.',
    '',
    'Files',
    '-----',
    ...ARCHIVE_FILES.flatMap(([name, what]) => [`${name}`, `    ${what}`]),
    '',
    'Questions about your data: write to the contact address on the site.',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The ZIP of a snapshot, in memory (a reader's data is small; it is stored in the database). */
export function buildArchive(snapshot: ExportSnapshot): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date(snapshot.takenAt);
  zip.addBuffer(Buffer.from(readme(snapshot), 'utf8'), 'README.txt', { mtime });
  for (const [name] of ARCHIVE_FILES) {
    const table = snapshot.csv[name];
    const document = snapshot.json[name];
    if (table) zip.addBuffer(csvBytes(table), name, { mtime });
    else if (document !== undefined) zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8'), name, { mtime });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    output.on('data', (chunk: Buffer) => parts.push(chunk));
    output.on('error', reject);
    output.on('end', () => resolve(Buffer.concat(parts)));
  });
}
