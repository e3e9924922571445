import type { AppConfig } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { createMembershipService, type MembershipService } from '../modules/membership/membership.service.js';
import { createOrderLedger, type OrderLedger } from '../modules/payments/order-ledger.js';
import { createTokenService } from '../modules/users/tokens.js';
import { createUsersService, type UsersService } from '../modules/users/users.service.js';

/** What a command may use: the same database and services as the running server. */
export interface CliContext {
  db: Db;
  users: UsersService;
  membership: MembershipService;
  /** Payment orders and their grants, for resolving payment incidents. */
  ledger: OrderLedger;
  write: (line: string) => void;
  close(): Promise<void>;
}

export async function openCliContext(config: AppConfig, write: (line: string) => void): Promise<CliContext> {
  const database = openDatabase({ ...config, poolSize: 2 });
  await migrateToLatest(database.db);
  const membership = createMembershipService({ db: database.db });
  return {
    db: database.db,
    users: createUsersService({ db: database.db, tokens: createTokenService(config.jwtSecret) }),
    membership,
    ledger: createOrderLedger({ db: database.db, membership, inviteRewardDays: config.inviteRewardDays }),
    write,
    close: () => database.close(),
  };
}
