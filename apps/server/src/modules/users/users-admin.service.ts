import { mailSignInWayChanged } from './sign-in-ways-mail.js';
import {
  DEFAULT_LANGUAGE,
  ErrorCode,
  normalizeLanguage,
  type AdminGrantBody,
  type AdminSignInWays,
  type AdminUserDetail,
  type AdminUserListQuery,
  type AdminUserSummary,
  type KeysetPaged,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { MembershipGrantsTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, decodeCursor, encodeCursor, offsetStart } from '../../lib/list-cursor.js';
import { toIso } from '../../lib/time.js';
import { usernameKey } from './users.service.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { countLinks, deleteOwnLink, findOwnLink, findUserById, listLinks } from './linked-identities.repository.js';
import { NO_PASSWORD } from './external-sign-in.service.js';
import { countPasskeys, listPasskeys, lockAccountRow } from './passkeys/passkeys.repository.js';
import { recentSignIns } from './sign-in-events.repository.js';
import { listUnusedRecoveryCodes } from './two-step.repository.js';
import type { MembershipAdminService } from '../membership/membership-admin.service.js';
import { numberOrNull, toMembership } from '../membership/membership-end.js';
import * as repo from './users-admin.repository.js';
import { setUserRole } from './users.repository.js';
import { maskMailAddress, requireMailAddress } from '../mail/mail-address.js';
import { changeAddress, clearAddress } from './account-email.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const READERS_CURSOR = 'readers';
/** The console's "Ways to sign in" lists as many sign-ins as the reader's security page. */
const SIGN_INS_SHOWN = 20;
const READERS_BY_NAME_CURSOR = 'readers-by-name';
const isoOrNull = (ms: number | null) => (ms === null ? null : toIso(Number(ms)));

type SummaryRow = Pick<
  repo.UserSummaryRow,
  'uuid' | 'username' | 'role' | 'created_at' | 'disabled_at' | 'invited_by_name' | 'membership_end'
>;

type GrantRow = Pick<MembershipGrantsTable, 'grant_days' | 'grant_months' | 'starts_at' | 'ends_at'>;

/** A grant's length as months or days; the console writes it in its language (contracts formatLength). */
function grantLengthParts(grant: GrantRow): { months: number } | { days: number } {
  if (grant.grant_months !== null) return { months: Number(grant.grant_months) };
  return { days: Number(grant.grant_days ?? Math.round((Number(grant.ends_at) - Number(grant.starts_at)) / 86_400_000)) };
}

function grantLength(grant: GrantRow): string {
  const parts = grantLengthParts(grant);
  const [n, unit] = 'months' in parts ? [parts.months, 'month'] : [parts.days, 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, 409, message);

/** Reader administration: search, detail, membership time, disabling and roles (all audited). */
export function createUsersAdminService(deps: {
  db: Db;
  /** Disabling and role changes raise `account-changed`; address changes queue mail. */
  domainEvents: DomainEvents;
  audit: AuditService;
  membershipAdmin: MembershipAdminService;
  now?: () => number;
  /** The site's address: the confirmation link an administrator's change sends points at it. */
  publicUrl?: string;
  /** Issue 60: the display name of a sign-in provider by its id (OIDC_<ID>_NAME). */
  providerName?: (id: string) => string | undefined;
}) {
  const { db, domainEvents, audit, membershipAdmin } = deps;
  const now = deps.now ?? Date.now;

  const summary = (row: SummaryRow): AdminUserSummary => {
    return {
      uuid: row.uuid,
      username: row.username,
      role: row.role === 'admin' ? 'admin' : 'user',
      created_at: toIso(Number(row.created_at)),
      disabled_at: isoOrNull(row.disabled_at),
      membership: toMembership(numberOrNull(row.membership_end), now()),
      invited_by: row.invited_by_name ?? null,
    };
  };

  /**
   * Newest accounts first, or, with `q`, the names that start with it in name order (an exact uuid
   * finds that reader). Paged by `cursor` (or a bounded `page`), counted only so far.
   */
  async function list(query: AdminUserListQuery): Promise<KeysetPaged<AdminUserSummary>> {
    const pageSize = query.page_size ?? 50;
    const offset = offsetStart(query.page ?? 0, pageSize, query.cursor !== undefined);
    const q = query.q?.trim();
    const filter: repo.UserListFilter = { role: query.role, state: query.state, member: query.member, now: now() };
    if (q && UUID.test(q)) {
      const rows = query.cursor === undefined && offset.offset === 0 ? await repo.findUserForList(db, q.toLowerCase(), filter) : [];
      return { items: rows.map(summary), total: offset.position + rows.length, total_is_lower_bound: false, next_cursor: null };
    }
    const order: repo.ReaderOrder = q ? { by: 'name', prefix: usernameKey(q) } : { by: 'id' };
    const list = order.by === 'id' ? READERS_CURSOR : READERS_BY_NAME_CURSOR;
    const cursor =
      query.cursor === undefined
        ? null
        : order.by === 'id'
          ? decodeCursor(list, query.cursor, ['int'] as const)
          : decodeCursor(list, query.cursor, ['text'] as const);
    const position = cursor ? cursor.position : offset.position;
    const start = { after: cursor ? cursor.key[0] : null, skip: cursor ? 0 : offset.offset };
    const page = await repo.listUsersForAdmin(db, order, filter, start, pageSize);
    const next_cursor =
      page.nextAfter === null || (page.countedPast === 0 && !page.countIsLowerBound)
        ? null
        : encodeCursor(list, [page.nextAfter], position + page.rows.length);
    const counted = cappedTotal(position, page.rows.length + page.countedPast);
    return {
      items: page.rows.map(summary),
      total: counted.total,
      total_is_lower_bound: counted.total_is_lower_bound || page.countIsLowerBound,
      next_cursor,
    };
  }

  async function findOrThrow(executor: DbExecutor, uuid: string) {
    const row = await repo.findUserSummary(executor, uuid.toLowerCase());
    if (!row) throw new AppError(ErrorCode.USER_NOT_FOUND, 404, 'No such user');
    return row;
  }

  const emailOf = async (executor: DbExecutor, userId: number) => {
    const row = await repo.findEmailOf(executor, userId);
    return { address: row.email, confirmed_at: row.email === null ? null : isoOrNull(row.email_confirmed_at) };
  };

  /**
   * Sets (unconfirmed, a confirmation link goes to it, a confirmed old address is told) or clears
   * a reader's address, audited in the same transaction. The audit entry holds masked addresses
   * only ("a•••@example.com"): the log is read by every administrator.
   */
  async function setEmail(actor: Actor, uuid: string, raw: string | null, reason: string) {
    const address = raw === null || raw.trim() === '' ? null : requireMailAddress(raw);
    const row = await findOrThrow(db, uuid);
    await domainEvents.transact(async (trx) => {
      const account = await repo.findAddressHolder(trx, row.id);
      if (address === null) {
        if (account.email === null) return;
        await clearAddress(trx, account.id, now());
      } else {
        const language = normalizeLanguage(account.language) ?? DEFAULT_LANGUAGE;
        const change = await changeAddress(trx, domainEvents, account, address, language, deps.publicUrl ?? 'http://localhost:3000', now());
        if (change === 'unchanged') return;
      }
      await audit.recordWithin(trx, actor, {
        action: 'user.email',
        targetType: 'user',
        targetId: row.uuid,
        before: { email: account.email === null ? null : maskMailAddress(account.email), confirmed: account.email_confirmed_at !== null },
        after: { email: address === null ? null : maskMailAddress(address.address), confirmed: false, reason },
      });
    });
    return emailOf(db, row.id);
  }

  async function detail(uuid: string): Promise<AdminUserDetail> {
    const row = await findOrThrow(db, uuid);
    const [grants, orders, invited, redemptions, email] = await Promise.all([
      repo.listGrants(db, row.id),
      repo.listOrders(db, row.id),
      repo.listInvitees(db, [row.id]),
      repo.listRedemptions(db, row.id),
      emailOf(db, row.id),
    ]);
    const second = await repo.listInvitees(
      db,
      invited.map((u) => u.id),
    );
    const invitee = (u: (typeof invited)[number]) => ({
      uuid: u.uuid,
      username: u.username,
      created_at: toIso(Number(u.created_at)),
      has_paid: Boolean(u.has_paid),
    });
    return {
      user: summary(row),
      grants: grants.map((g) => ({
        source: g.source,
        source_ref: g.source_ref,
        starts_at: toIso(Number(g.starts_at)),
        ends_at: toIso(Number(g.ends_at)),
        revoked_at: isoOrNull(g.revoked_at),
        note: g.note,
        length: grantLength(g),
        length_parts: grantLengthParts(g),
        created_at: toIso(Number(g.created_at)),
      })),
      orders: orders.map((o) => ({
        order_id: o.order_id,
        provider: o.provider,
        plan: o.plan,
        months: o.months,
        coins: o.coins,
        bonus_coins: o.bonus_coins,
        amount_fen: Number(o.amount_fen),
        status: o.status,
        created_at: toIso(Number(o.created_at)),
        paid_at: isoOrNull(o.paid_at),
      })),
      invites: {
        invited_by: row.invited_by_uuid && row.invited_by_name ? { uuid: row.invited_by_uuid, username: row.invited_by_name } : null,
        invited: invited.map((u) => ({ ...invitee(u), invited: second.filter((s) => s.invited_by === u.id).map(invitee) })),
      },
      coupon_redemptions: redemptions.map((r) => ({ code: r.code, created_at: toIso(Number(r.created_at)) })),
      email,
    };
  }

  async function grant(actor: Actor, uuid: string, body: AdminGrantBody) {
    if ((body.days === undefined) === (body.months === undefined)) {
      const message = 'Give exactly one of days or months';
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, message, [{ field: 'days', message }]);
    }
    const row = await findOrThrow(db, uuid);
    const length = body.days !== undefined ? { days: body.days } : { months: body.months as number };
    await membershipAdmin.grant(actor, row, length, body.reason);
    return { user: summary(await findOrThrow(db, uuid)) };
  }

  async function revoke(actor: Actor, uuid: string, reason: string) {
    const row = await findOrThrow(db, uuid);
    const { revoked } = await membershipAdmin.revoke(actor, row, reason);
    return { user: summary(await findOrThrow(db, uuid)), revoked };
  }

  /**
   * Disabling, enabling and role changes run in one transaction that first locks the active admins'
   * rows (FOR UPDATE on PostgreSQL), so two admins demoting or disabling each other at once are
   * serialised and the second sees that it would leave no active admin.
   */
  async function changeAccount(actor: Actor, uuid: string, change: { disabled?: boolean; role?: 'user' | 'admin' }, reason: string) {
    await domainEvents.transact(async (trx) => {
      const admins = await repo.lockActiveAdmins(trx);
      const row = await findOrThrow(trx, uuid);
      const removesAdmin = row.role === 'admin' && row.disabled_at === null && (change.disabled === true || change.role === 'user');
      if (removesAdmin && actor.userId === row.id) {
        throw conflict(change.role ? 'You cannot demote yourself' : 'You cannot disable your own account');
      }
      if (removesAdmin && admins.filter((id) => id !== row.id).length === 0) throw conflict('This is the last active administrator');
      if (change.disabled !== undefined) {
        if ((row.disabled_at !== null) === change.disabled) return;
        await repo.setDisabledAt(trx, row.id, change.disabled ? now() : null);
        await audit.recordWithin(trx, actor, {
          action: change.disabled ? 'user.disable' : 'user.enable',
          targetType: 'user',
          targetId: row.uuid,
          before: { disabled_at: isoOrNull(row.disabled_at) },
          after: { disabled_at: change.disabled ? toIso(now()) : null, reason },
        });
        await domainEvents.raise(trx, { type: 'account-changed', userId: row.id });
      }
      if (change.role !== undefined && change.role !== row.role) {
        await setUserRole(trx, row.id, change.role);
        await audit.recordWithin(trx, actor, {
          action: 'user.role',
          targetType: 'user',
          targetId: row.uuid,
          before: { role: row.role },
          after: { role: change.role, reason },
        });
        await domainEvents.raise(trx, { type: 'account-changed', userId: row.id });
      }
    });
    return { user: summary(await findOrThrow(db, uuid)) };
  }

  /** Issue 60: the reader's linked sign-in providers (never the provider's subject). */
  async function linkedProviders(uuid: string) {
    const row = await findOrThrow(db, uuid);
    return (await listLinks(db, row.id)).map((link) => ({
      id: link.id,
      provider: link.provider,
      provider_name: deps.providerName?.(link.provider) ?? link.provider,
      email: link.email,
      linked_at: toIso(Number(link.created_at)),
      last_used_at: isoOrNull(link.last_used_at),
    }));
  }

  /**
   * Issue 60: every way the reader signs in (password or not, two-step, passkeys by name and dates,
   * linked providers) and their latest sign-ins, for the console's "Ways to sign in".
   */
  async function signInWays(uuid: string): Promise<AdminSignInWays> {
    const row = await findOrThrow(db, uuid);
    const account = await findUserById(db, row.id);
    if (!account) throw new AppError(ErrorCode.USER_NOT_FOUND, 404, 'No such user');
    const twoStep = account.totp_enabled_at !== null;
    const [passkeys, providers, codes, signIns] = await Promise.all([
      listPasskeys(db, row.id),
      linkedProviders(uuid),
      twoStep ? listUnusedRecoveryCodes(db, row.id) : Promise.resolve([]),
      recentSignIns(db, row.id, SIGN_INS_SHOWN),
    ]);
    return {
      has_password: account.password_hash !== NO_PASSWORD,
      two_step: twoStep,
      recovery_codes_left: codes.length,
      email_confirmed: account.email !== null && account.email_confirmed_at !== null,
      passkeys: passkeys.map((key) => ({
        id: key.id,
        name: key.name,
        created_at: toIso(Number(key.created_at)),
        last_used_at: isoOrNull(key.last_used_at),
      })),
      providers,
      sign_ins: signIns.map((event) => ({ method: event.method, provider: event.provider, at: toIso(event.created_at) })),
    };
  }

  /**
   * Issue 60: unlinks a provider from a reader (a provider account taken over, say), audited; as
   * for the reader, never the last way into an account without a password.
   */
  async function unlinkProvider(actor: Actor, uuid: string, id: number, reason: string) {
    const row = await findOrThrow(db, uuid);
    await domainEvents.transact(async (trx) => {
      const link = await findOwnLink(trx, row.id, id);
      if (!link) throw new AppError(ErrorCode.EXTERNAL_LINK_NOT_FOUND, 404, 'No such linked provider on this account');
      // Under the account's row lock: a passkey removed or the password removed meanwhile is seen here.
      const account = await lockAccountRow(trx, row.id);
      if (account?.password_hash === NO_PASSWORD && (await countLinks(trx, row.id)) <= 1 && (await countPasskeys(trx, row.id)) === 0)
        throw new AppError(
          ErrorCode.EXTERNAL_LAST_SIGN_IN_WAY,
          409,
          'This is the only way into this account (it has no password and no passkey)',
        );
      await deleteOwnLink(trx, row.id, id);
      await audit.recordWithin(trx, actor, {
        action: 'user.unlink_provider',
        targetType: 'user',
        targetId: row.uuid,
        before: { provider: link.provider, email: link.email === null ? null : maskMailAddress(link.email) },
        after: { provider: null, reason },
      });
      await mailSignInWayChanged(
        trx,
        domainEvents,
        row.id,
        'provider_unlinked',
        deps.providerName?.(link.provider) ?? link.provider,
        now(),
      );
    });
    return linkedProviders(uuid);
  }

  return {
    signInWays,
    linkedProviders,
    unlinkProvider,
    list,
    detail,
    setEmail,
    grant,
    revoke,
    disable: (actor: Actor, uuid: string, reason: string) => changeAccount(actor, uuid, { disabled: true }, reason),
    enable: (actor: Actor, uuid: string, reason: string) => changeAccount(actor, uuid, { disabled: false }, reason),
    setRole: (actor: Actor, uuid: string, role: 'user' | 'admin', reason: string) => changeAccount(actor, uuid, { role }, reason),
  };
}

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
