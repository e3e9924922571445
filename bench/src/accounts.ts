import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';

const run = promisify(execFile);

export interface BenchAccount {
  username: string;
  password: string;
}

/** The reader whose token the member routes carry (`npm run bench`, `npm run bench:metrics`): made once per cached catalogue with the admin CLI. */
export const BENCH_MEMBER: BenchAccount = { username: 'benchmember', password: 'bench-member-password' };

/**
 * Makes sure each account exists with a running membership, the way an operator would: the admin
 * command line (`user create`, `membership grant`) on the same data folder, before the server opens it.
 * Accounts already present are left alone, so a cached catalogue gains them once.
 */
export async function ensureMemberAccounts(options: {
  adminCli: string;
  dataDir: string;
  sqlitePath: string;
  accounts: readonly BenchAccount[];
}): Promise<void> {
  const existing = existingUsernames(options.sqlitePath);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir, LOG_LEVEL: 'warn' };
  // The same embedded database the benchmark server uses, whatever the shell says.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  for (const account of options.accounts) {
    if (existing.has(account.username.toLowerCase())) continue;
    const cli = async (...args: string[]) => {
      try {
        await run(process.execPath, [options.adminCli, ...args], { env });
      } catch (error) {
        const detail = error as { stderr?: string; message?: string };
        throw new Error(`admin ${args.slice(0, 2).join(' ')} failed: ${detail.stderr?.trim() || detail.message}`, { cause: error });
      }
    };
    await cli('user', 'create', account.username, '--password', account.password);
    // A century: the membership must not run out between two benchmark runs on a cached catalogue.
    await cli('membership', 'grant', account.username, '--months', '1200');
  }
}

function existingUsernames(sqlitePath: string): Set<string> {
  const db = new SQLite(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT username_key FROM users').all() as { username_key: string }[];
    return new Set(rows.map((row) => row.username_key));
  } finally {
    db.close();
  }
}

/** Logs in through the API and returns the token (POST /api/v1/user/login counts against the per-IP login limit). */
export async function logIn(baseUrl: string, account: BenchAccount): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`login of ${account.username} answered ${response.status}: ${text.slice(0, 300)}`);
  const token = (JSON.parse(text) as { data?: { jwt_token?: unknown } }).data?.jwt_token;
  if (typeof token !== 'string') throw new Error(`login of ${account.username} answered without a token: ${text.slice(0, 300)}`);
  return token;
}
