import type { OfflineChapterCheck, OfflineCheckResult } from '@inkstream/contracts';
import { toIso } from '../../lib/time.js';
import type { AccessService } from '../access/access.service.js';
import { mayRead } from '../access/chapter-access.js';
import type { AuthUser } from '../users/auth-user.js';

/**
 * Offline reading (issue 47): the web app keeps chapters in the reader's browser and asks here,
 * whenever it is online, what the access rule says of each of them now. The answer is the rule's
 * (modules/access, the one door to paid content), never a second copy of it, and it names nothing
 * but the asked ids: no title, no page key, and the same `missing` for a chapter that does not
 * exist and one that is not published (scheduled, unpublished, of an unpublished book).
 */
export function createOfflineService(deps: { access: Pick<AccessService, 'chaptersAccessNow'> }) {
  const { access } = deps;

  async function check(user: AuthUser | null, chapterUuids: readonly string[]): Promise<OfflineCheckResult> {
    const { at, membershipEnd, chapters, grantEnds } = await access.chaptersAccessNow(user, chapterUuids);
    return {
      checked_at: toIso(at),
      chapters: chapterUuids.map((uuid): OfflineChapterCheck => {
        const answer = chapters.get(uuid);
        if (answer === undefined) return { chapter_uuid: uuid, access: 'missing', readable: false, readable_until: null };
        // Only a membership has an end the server knows: past it the saved copy must not open. A
        // free chapter, a grant for good (coin unlock, gift) and an administrator have none; a rental
        // (issue 59) ends, and its saved copy with it.
        const end = answer === 'member' ? membershipEnd : answer === 'granted' ? (grantEnds.get(uuid) ?? null) : null;
        const until = end === null ? null : toIso(end);
        return { chapter_uuid: uuid, access: answer, readable: mayRead(answer), readable_until: until };
      }),
    };
  }

  return { check };
}

export type OfflineService = ReturnType<typeof createOfflineService>;
