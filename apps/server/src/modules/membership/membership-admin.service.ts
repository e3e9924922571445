import { randomUUID } from 'node:crypto';
import { ErrorCode, type Membership } from '@inkstream/contracts';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { GrantLength, MembershipService } from './membership.service.js';

/** The user a change is for: the id to change, the uuid the audit log names. */
export interface TargetUser {
  id: number;
  uuid: string;
}

export interface AdminGrantResult {
  sourceRef: string;
  membership: Membership | null;
}

/**
 * Membership changes an administrator makes (console and command line): each one goes through the
 * membership service (which takes the user's row lock) and writes its audit entry in the same
 * transaction.
 */
export function createMembershipAdminService(deps: { domainEvents: DomainEvents; membership: MembershipService; audit: AuditService }) {
  const { domainEvents, membership, audit } = deps;

  async function grant(actor: Actor, user: TargetUser, length: GrantLength, reason: string): Promise<AdminGrantResult> {
    const sourceRef = randomUUID();
    return domainEvents.transact(async (trx) => {
      await membership.lockMembersWithin(trx, [user.id]);
      const before = await membership.endWithin(trx, user.id);
      const change = await membership.grantWithin(trx, { userId: user.id, length, source: 'admin', sourceRef, note: reason });
      if (change === null) throw new AppError(ErrorCode.CONFLICT, 409, 'This grant was made already');
      const end = change.memberUntil!;
      await audit.recordWithin(trx, actor, {
        action: 'membership.grant',
        targetType: 'user',
        targetId: user.uuid,
        before: { expire_at: before === null ? null : toIso(before) },
        after: { expire_at: toIso(end), ...length, source_ref: sourceRef, reason },
      });
      return { sourceRef, membership: membership.membershipOf(end) };
    });
  }

  /** Revokes the running and future grants (what `membership revoke` on the command line does). */
  async function revoke(actor: Actor, user: TargetUser, reason: string): Promise<{ revoked: number; membership: Membership | null }> {
    return domainEvents.transact(async (trx) => {
      await membership.lockMembersWithin(trx, [user.id]);
      const before = await membership.endWithin(trx, user.id);
      const { revoked, memberUntil: after } = await membership.revokeAllWithin(trx, user.id);
      await audit.recordWithin(trx, actor, {
        action: 'membership.revoke',
        targetType: 'user',
        targetId: user.uuid,
        before: { expire_at: before === null ? null : toIso(before) },
        after: { expire_at: after === null ? null : toIso(after), revoked, reason },
      });
      return { revoked, membership: membership.membershipOf(after) };
    });
  }

  return { grant, revoke };
}

export type MembershipAdminService = ReturnType<typeof createMembershipAdminService>;
