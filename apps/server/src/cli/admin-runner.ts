import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import {
  BOOK_PUBLISHING_HELP,
  BOOK_READING_HELP,
  bookList,
  bookPublishing,
  bookRanking,
  bookRating,
  bookReading,
  bookRecommend,
  bookSetFree,
} from './commands/book-commands.js';
import { bookUnlocks, coinsGrant } from './commands/coin-commands.js';
import { couponCreate, couponDisable, couponList } from './commands/coupon-commands.js';
import { IMPORT_HELP, IMPORT_USAGE, importCommand, type ImportCliOptions } from './commands/import-command.js';
import { mediaGc } from './commands/media-commands.js';
import { discoveryRefresh } from './commands/discovery-commands.js';
import { membershipGrant, membershipRevoke } from './commands/membership-commands.js';
import { paymentIncidents, paymentResolve } from './commands/payment-commands.js';
import { settingsSet, settingsShow } from './commands/settings-commands.js';
import { userCreate, userList } from './commands/user-commands.js';
import { deletionList, userDelete, userDeleteCancel } from './commands/deletion-commands.js';
import { userExport } from './commands/data-export-commands.js';
import { BACKUP_HELP, backupCommand, RESTORE_HELP, restoreCommand } from './commands/backup-commands.js';
import type { Env } from '../lib/config-error.js';
import { openCliContext, type CliContext, type CliOutput } from './cli-context.js';
import { CliError } from './cli-error.js';

type Options = ImportCliOptions & {
  password?: string;
  admin?: boolean;
  days?: string;
  months?: string;
  rank?: string;
  remove?: boolean;
  limit?: string;
  offset?: string;
  'max-redemptions'?: string;
  expires?: string;
  note?: string;
  all?: boolean;
  user?: string;
  plan?: string;
  dismiss?: boolean;
  'grace-minutes'?: string;
  price?: string;
  'wait-free-hours'?: string;
  'rental-price'?: string;
  'rental-days'?: string;
  off?: boolean;
  reason?: string;
  comments?: string;
  erased?: boolean;
  force?: boolean;
  direction?: string;
  mode?: string;
  time?: string;
  'time-zone'?: string;
  exclude?: boolean;
  include?: boolean;
  rating?: string;
  descriptors?: string;
};

interface CommandBase {
  /** One word (`import <path>`) or two (`user create`). */
  words: [string] | [string, string];
  usage: string;
  summary: string;
  /** Shown by `<command> --help`, after the usage line. */
  help?: string;
  options: (keyof Options)[];
}

type Command = CommandBase &
  (
    | { run(ctx: CliContext, args: string[], options: Options): Promise<void> }
    /**
     * Without the services' context: backup and restore must neither migrate nor create a database,
     * and restore must find DATA_DIR as it was (loading the config writes generated secrets there).
     */
    | { runWithoutContext(env: Env, output: CliOutput, args: string[], options: Options): Promise<void> }
  );

const COMMANDS: Command[] = [
  {
    words: ['user', 'create'],
    usage: 'user create <username> --password <pw> [--admin]',
    summary: 'create a user (or an administrator)',
    options: ['password', 'admin'],
    run: userCreate,
  },
  { words: ['user', 'list'], usage: 'user list', summary: 'list users', options: [], run: (ctx) => userList(ctx) },
  {
    words: ['user', 'delete'],
    usage: 'user delete <username|uuid> --reason TEXT [--comments keep|remove]',
    summary: "delete a reader's account after the 14-day grace period (signed out now; logging in cancels it)",
    options: ['reason', 'comments'],
    run: userDelete,
  },
  {
    words: ['user', 'delete-cancel'],
    usage: 'user delete-cancel <username|uuid> --reason TEXT',
    summary: "cancel a reader's pending account deletion (at their request)",
    options: ['reason'],
    run: userDeleteCancel,
  },
  {
    words: ['deletions'],
    usage: 'deletions [--erased]',
    summary: 'pending account deletions (--erased: the erased accounts)',
    options: ['erased'],
    run: (ctx, _args, options) => deletionList(ctx, options),
  },
  {
    words: ['user', 'export'],
    usage: 'user export <username> --reason TEXT',
    summary: "start a reader's data archive (they download it from their profile; audited)",
    options: ['reason'],
    run: userExport,
  },
  {
    words: ['membership', 'grant'],
    usage: 'membership grant <username> --days N | --months N',
    summary: 'add membership time (stacks on the current expiry)',
    options: ['days', 'months'],
    run: membershipGrant,
  },
  {
    words: ['membership', 'revoke'],
    usage: 'membership revoke <username>',
    summary: 'revoke running and future membership grants',
    options: [],
    run: (ctx, args) => membershipRevoke(ctx, args),
  },
  {
    words: ['book', 'list'],
    usage: 'book list [--limit N] [--offset N]',
    summary: 'list books (100 at a time)',
    options: ['limit', 'offset'],
    run: (ctx, _args, options) => bookList(ctx, options),
  },
  {
    words: ['book', 'set-free'],
    usage: 'book set-free <book_uuid> <n>',
    summary: 'make the first n chapters free',
    options: [],
    run: (ctx, args) => bookSetFree(ctx, args),
  },
  {
    words: ['book', 'recommend'],
    usage: 'book recommend <book_uuid> [--rank N | --remove]',
    summary: 'recommend a book (next free rank by default)',
    options: ['rank', 'remove'],
    run: bookRecommend,
  },
  {
    words: ['book', 'reading'],
    usage: 'book reading <book_uuid> [--direction ltr|rtl] [--mode strip|single|double]',
    summary: 'set how the book is read: page direction and default mode (without options: show them)',
    help: BOOK_READING_HELP,
    options: ['direction', 'mode'],
    run: bookReading,
  },
  {
    words: ['book', 'publishing'],
    usage: 'book publishing <book_uuid> [--days mon,tue,…|none] [--time HH:MM|none] [--time-zone ZONE]',
    summary: 'set the days and time the book publishes on, for the release calendar (without options: show them)',
    help: BOOK_PUBLISHING_HELP,
    options: ['days', 'time', 'time-zone'],
    run: bookPublishing,
  },
  {
    words: ['book', 'ranking'],
    usage: 'book ranking <book_uuid> [--exclude | --include]',
    summary: 'keep the book out of every ranking, or let it back (without options: show it)',
    options: ['exclude', 'include'],
    run: bookRanking,
  },
  {
    words: ['book', 'rating'],
    usage: 'book rating <book_uuid> [--rating all_ages|teen|mature|adult] [--descriptors violence,horror,…|none]',
    summary:
      "set the book's content rating and descriptors; who sees it follows the site's adult_books setting (without options: show them)",
    options: ['rating', 'descriptors'],
    run: bookRating,
  },
  {
    words: ['book', 'unlocks'],
    usage: 'book unlocks <book_uuid> --price N [--wait-free-hours H] [--rental-price R --rental-days D] [--force] | --off',
    summary:
      'sell locked chapters for membership or N coins (a free unlock every H hours, 0: none); --off: membership only. Refused while coins are off for the site (settings set coins_enabled true) unless --force',
    options: ['price', 'wait-free-hours', 'rental-price', 'rental-days', 'off', 'force'],
    run: bookUnlocks,
  },
  {
    words: ['settings', 'show'],
    usage: 'settings show',
    summary: "the site's run-time settings (the console's settings screen)",
    options: [],
    run: (ctx) => settingsShow(ctx),
  },
  {
    words: ['settings', 'set'],
    usage: 'settings set <key> <value>',
    summary: 'change one run-time setting, e.g. settings set coins_enabled true (checked and audited as in the console)',
    options: [],
    run: (ctx, args) => settingsSet(ctx, args),
  },
  {
    words: ['coins', 'grant'],
    usage: 'coins grant <username> <n> --reason TEXT',
    summary: 'give a reader n coins (the reason is kept in their history and the audit log)',
    options: ['reason'],
    run: coinsGrant,
  },
  {
    words: ['coupon', 'create'],
    usage: 'coupon create <CODE> --days N | --months N [--max-redemptions M] [--expires YYYY-MM-DD] [--note TEXT]',
    summary: 'create a coupon code that adds membership time',
    options: ['days', 'months', 'max-redemptions', 'expires', 'note'],
    run: couponCreate,
  },
  {
    words: ['coupon', 'list'],
    usage: 'coupon list',
    summary: 'list coupons with their redemption counts',
    options: [],
    run: (ctx) => couponList(ctx),
  },
  {
    words: ['coupon', 'disable'],
    usage: 'coupon disable <CODE>',
    summary: 'stop a coupon from being redeemed',
    options: [],
    run: (ctx, args) => couponDisable(ctx, args),
  },
  {
    words: ['media', 'gc'],
    usage: 'media gc [--dry-run] [--grace-minutes N]',
    summary: 'remove stored page and cover files no row points to (older than 60 minutes by default)',
    options: ['dry-run', 'grace-minutes'],
    run: (ctx, _args, options) => mediaGc(ctx, options),
  },
  {
    words: ['discovery', 'refresh'],
    usage: 'discovery refresh',
    summary: 'compute the rankings and "readers also read" now (the running server follows within seconds)',
    options: [],
    run: (ctx) => discoveryRefresh(ctx),
  },
  {
    words: ['payment', 'incidents'],
    usage: 'payment incidents [--all]',
    summary: 'payments that need an admin (open ones; --all: with the resolved)',
    options: ['all'],
    run: (ctx, _args, options) => paymentIncidents(ctx, options),
  },
  {
    words: ['payment', 'resolve'],
    usage: 'payment resolve <id> --user <username> [--plan month|season] | --dismiss --note TEXT',
    summary: "grant the payment's plan to that user, or close the incident without granting",
    options: ['user', 'plan', 'dismiss', 'note'],
    run: paymentResolve,
  },
  {
    words: ['backup'],
    usage: 'backup <DIR>',
    summary: 'a consistent copy of the database, secrets and media into DIR, while the site runs (details: backup --help)',
    help: BACKUP_HELP,
    options: [],
    runWithoutContext: backupCommand,
  },
  {
    words: ['restore'],
    usage: 'restore <DIR> [--force]',
    summary: 'check a backup, then restore it into an empty DATA_DIR and database (details: restore --help)',
    help: RESTORE_HELP,
    options: ['force'],
    runWithoutContext: restoreCommand,
  },
  {
    words: ['import'],
    usage: IMPORT_USAGE,
    summary: 'import a CBZ/ZIP, a folder of images or an EPUB (details: import --help)',
    help: IMPORT_HELP,
    options: [
      'title',
      'introduction',
      'tags',
      'free-chapters',
      'language',
      'book',
      'chapter',
      'first-number',
      'chapter-title',
      'cover',
      'dry-run',
    ],
    run: importCommand,
  },
];

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.usage.length));
  return [
    'Inkstream admin command line. Uses the same DATA_DIR / DATABASE_URL as the server, also while it runs.',
    '',
    'Usage: npm run admin -- <command>',
    '',
    ...COMMANDS.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Exit codes: 0 done, 1 failed (e.g. unknown user), 2 wrong arguments.',
  ].join('\n');
}

export interface RunIo {
  env?: Record<string, string | undefined>;
  write: (line: string) => void;
  writeError: (line: string) => void;
  /** Rewrites a status line in place (progress); give it only when stderr is a terminal. */
  statusLine?: (text: string) => void;
}

/** Runs one admin command; returns the process exit code. */
export async function runAdmin(argv: string[], io: RunIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        password: { type: 'string' },
        admin: { type: 'boolean' },
        days: { type: 'string' },
        months: { type: 'string' },
        rank: { type: 'string' },
        remove: { type: 'boolean' },
        limit: { type: 'string' },
        offset: { type: 'string' },
        'max-redemptions': { type: 'string' },
        expires: { type: 'string' },
        note: { type: 'string' },
        all: { type: 'boolean' },
        user: { type: 'string' },
        plan: { type: 'string' },
        dismiss: { type: 'boolean' },
        title: { type: 'string', multiple: true },
        introduction: { type: 'string', multiple: true },
        tags: { type: 'string' },
        'free-chapters': { type: 'string' },
        language: { type: 'string' },
        book: { type: 'string' },
        chapter: { type: 'string' },
        'first-number': { type: 'string' },
        'chapter-title': { type: 'string' },
        cover: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'grace-minutes': { type: 'string' },
        price: { type: 'string' },
        'wait-free-hours': { type: 'string' },
        'rental-price': { type: 'string' },
        'rental-days': { type: 'string' },
        off: { type: 'boolean' },
        comments: { type: 'string' },
        erased: { type: 'boolean' },
        reason: { type: 'string' },
        force: { type: 'boolean' },
        direction: { type: 'string' },
        mode: { type: 'string' },
        time: { type: 'string' },
        'time-zone': { type: 'string' },
        exclude: { type: 'boolean' },
        include: { type: 'boolean' },
        rating: { type: 'string' },
        descriptors: { type: 'string' },
      },
    });
  } catch (error) {
    io.writeError(`error: ${(error as Error).message}\n\n${helpText()}`);
    return 2;
  }
  const { help, ...options } = parsed.values;
  const [group, action, ...rest] = parsed.positionals;
  const command = COMMANDS.find((c) => c.words[0] === group && (c.words.length === 1 || c.words[1] === action));
  if (help && command?.help) {
    io.write(`Usage: npm run admin -- ${command.usage}\n\n${command.help}`);
    return 0;
  }
  if (help || group === undefined || group === 'help') {
    io.write(helpText());
    return group === undefined && !help ? 2 : 0;
  }
  // A one-word command's first argument is what a two-word command calls its action.
  const args = command?.words.length === 1 ? [action, ...rest].filter((arg) => arg !== undefined) : rest;
  if (!command) {
    io.writeError(`error: unknown command "${[group, action].filter(Boolean).join(' ')}"\n\n${helpText()}`);
    return 2;
  }
  const stray = Object.keys(options).filter((name) => !command.options.includes(name as keyof Options));
  if (stray.length > 0) {
    io.writeError(`error: ${command.words.join(' ')} does not take ${stray.map((s) => `--${s}`).join(', ')}\nusage: ${command.usage}`);
    return 2;
  }

  let ctx: CliContext | undefined;
  try {
    if ('runWithoutContext' in command) {
      await command.runWithoutContext(io.env ?? process.env, io, args, options);
      return 0;
    }
    ctx = await openCliContext(loadConfig(io.env ?? process.env), io);
    await command.run(ctx, args, options);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.writeError(`error: ${error.message}${error.exitCode === 2 ? `\nusage: ${command.usage}` : ''}`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.writeError(`Configuration error: ${error.message}`);
      return 1;
    }
    io.writeError(`error: ${(error as Error).message}`);
    return 1;
  } finally {
    await ctx?.close();
  }
}
