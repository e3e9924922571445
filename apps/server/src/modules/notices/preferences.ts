import { EmailPreferencesBody, EmailPreferencesResponse, ErrorCode, type EmailPreferences } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import * as noticesRepo from './notices.repository.js';

/**
 * The reader's choices about the site's own messages: membership reminders (mail_reminders, on
 * unless left), the new-chapter digest (mail_digest, off unless joined) and, with the community on,
 * replies to their comments by Web Push and in the digest (notify_replies, on unless turned off). One-click unsubscribe
 * (modules/mail) clears the same columns. Joining the digest starts it from now: the first digest
 * lists chapters published after the moment the reader joined, not the books' whole history.
 */
export function createEmailPreferences(deps: { db: Db; now?: () => number; community?: boolean }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  // Issue 31: replies to the reader's comments by Web Push and in the digest (users.notify_replies);
  // not shown nor changed while the community is off.
  const community = deps.community ?? false;

  async function get(userUuid: string): Promise<EmailPreferences> {
    const row = await noticesRepo.findMailPreferences(db, userUuid);
    return {
      reminders: row.mail_reminders === 1,
      digest: row.mail_digest === 1,
      ...(community ? { replies: row.notify_replies === 1 } : {}),
    };
  }

  async function update(userUuid: string, change: { reminders?: boolean; digest?: boolean; replies?: boolean }): Promise<EmailPreferences> {
    const replies = community ? change.replies : undefined;
    // Unknown fields are dropped by validation: a body with no choice left changes nothing and says so.
    if (change.reminders === undefined && change.digest === undefined && replies === undefined) {
      throw badRequest(ErrorCode.VALIDATION_FAILED, `Give reminders, digest${community ? ', replies' : ''} or more (true or false)`);
    }
    if (replies !== undefined) await noticesRepo.setNotifyReplies(db, userUuid, replies);
    const at = now();
    if (change.reminders !== undefined) {
      await noticesRepo.setMailReminders(db, userUuid, change.reminders);
    }
    if (change.digest === true) {
      // Only a reader who was not in: joining again while in changes nothing (no digest is reset).
      await noticesRepo.joinDigest(db, userUuid, at);
    } else if (change.digest === false) {
      await noticesRepo.leaveDigest(db, userUuid);
    }
    return get(userUuid);
  }

  return { get, update };
}

export type EmailPreferencesService = ReturnType<typeof createEmailPreferences>;

export function emailPreferencesRoutes(preferences: EmailPreferencesService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];
    app.get(
      '/user/email/preferences',
      {
        schema: {
          tags,
          summary: "The reader's choices about membership reminders, the new-chapter digest and reply notices",
          response: { 200: EmailPreferencesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await preferences.get(requireUser(request).uuid) } }),
    );
    app.put(
      '/user/email/preferences',
      {
        config: { rateLimit: LIMITS.noticePreferences },
        schema: {
          tags,
          summary:
            'Join or leave membership reminders, the new-chapter digest (once the address is confirmed) and reply notices (Web Push and the digest)',
          body: EmailPreferencesBody,
          response: { 200: EmailPreferencesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await preferences.update(requireUser(request).uuid, request.body) } }),
    );
  };
}
