import { EmailPreferencesBody, EmailPreferencesResponse, ErrorCode, type EmailPreferences } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import * as noticesRepo from './notices.repository.js';

/**
 * The reader's choices about the site's own messages: membership reminders (mail_reminders, on
 * unless left) and the new-chapter digest (mail_digest, off unless joined). One-click unsubscribe
 * (modules/mail) clears the same columns. Joining the digest starts it from now: the first digest
 * lists chapters published after the moment the reader joined, not the books' whole history.
 */
export function createEmailPreferences(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function get(userUuid: string): Promise<EmailPreferences> {
    const row = await noticesRepo.findMailPreferences(db, userUuid);
    return { reminders: row.mail_reminders === 1, digest: row.mail_digest === 1 };
  }

  async function update(userUuid: string, change: { reminders?: boolean; digest?: boolean }): Promise<EmailPreferences> {
    // Unknown fields are dropped by validation: a body with neither choice left changes nothing and says so.
    if (change.reminders === undefined && change.digest === undefined) {
      throw badRequest(ErrorCode.VALIDATION_FAILED, 'Give reminders, digest or both (true or false)');
    }
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
          summary: "The reader's choices about membership reminders and the new-chapter digest by e-mail",
          response: { 200: EmailPreferencesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await preferences.get(requireUser(request).uuid) } }),
    );
    app.put(
      '/user/email/preferences',
      {
        config: { rateLimit: { max: 60, timeWindow: '10 minutes', keyGenerator: (request) => request.user?.uuid ?? request.ip } },
        schema: {
          tags,
          summary: 'Join or leave membership reminders and the new-chapter digest (they apply once the address is confirmed)',
          body: EmailPreferencesBody,
          response: { 200: EmailPreferencesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await preferences.update(requireUser(request).uuid, request.body) } }),
    );
  };
}
