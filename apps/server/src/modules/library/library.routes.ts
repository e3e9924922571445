import {
  BookProgressResponse,
  BookUuidParams,
  ContinueReadingQuery,
  ContinueReadingResponse,
  FollowResponse,
  HistoryCleared,
  HistoryQuery,
  HistoryResponse,
  LanguageQuery,
  LibraryResponse,
  LibrarySummaryResponse,
  MergeProgressBody,
  MergeProgressResponse,
  ProgressBody,
  ProgressSaved,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { addressLimit, LIMITS } from '../../http/rate-limits.js';
import type { FollowsService } from './follows.service.js';
import type { ProgressService } from './progress.service.js';
import type { ReaderKeys } from './reader-key.js';

/** Everything here is one reader's own: no shared cache may keep it. */
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/**
 * `alerts`: with the community on, the library summary also counts unread reply alerts
 * (`unread_alerts`), so the header learns of both from the one call it already makes.
 */
export function libraryRoutes(
  progress: ProgressService,
  follows: FollowsService,
  readerKeys: ReaderKeys,
  alerts: { unreadCount(userId: number): Promise<number> } | null = null,
) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['library'];

    app.post(
      '/reader/progress',
      {
        config: { rateLimit: LIMITS.progress },
        schema: {
          tags,
          summary: 'Save reading positions (at most 20 per call; all or nothing)',
          body: ProgressBody,
          response: { 200: ProgressSaved, ...errorResponses },
        },
      },
      async (request, reply) => ({ data: { result: { saved: await progress.save(request.body, readerKeys.forWrite(request, reply)) } } }),
    );

    app.get(
      '/reader/progress',
      {
        config: { rateLimit: LIMITS.visitorReads },
        schema: {
          tags,
          summary: 'Continue reading: books with progress, most recent first',
          querystring: ContinueReadingQuery,
          response: { 200: ContinueReadingResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        return { data: { result: await progress.continueReading(request.query, readerKeys.forRead(request)) } };
      },
    );

    app.get(
      '/reader/progress/:bookUuid',
      {
        config: { rateLimit: LIMITS.visitorReads },
        schema: {
          tags,
          summary: "The reader's place in one book, finished chapters and follow state",
          params: BookUuidParams,
          querystring: LanguageQuery,
          response: { 200: BookProgressResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        const userId = request.user?.id;
        const result = await progress.bookProgress(
          request.params.bookUuid,
          request.query.language,
          readerKeys.forRead(request),
          async (bookId) => (userId === undefined ? false : follows.isFollowing(userId, bookId)),
        );
        return { data: { result } };
      },
    );

    app.post(
      '/reader/progress/merge',
      {
        config: { rateLimit: LIMITS.progressMerge },
        onRequest: addressLimit(app, LIMITS.progressMergeByAddress),
        schema: {
          tags,
          summary: "Move a visitor's progress into the logged-in account (newest wins)",
          body: MergeProgressBody,
          response: { 200: MergeProgressResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const from = readerKeys.visitor(request, request.body.visitor_id);
        const result = await progress.mergeVisitor(user.id, from);
        // Moved: the proof opens nothing any more.
        if (from) readerKeys.clearVisitor(request, reply);
        return { data: { result } };
      },
    );

    app.get(
      '/reader/history',
      {
        config: { rateLimit: LIMITS.visitorReads },
        schema: {
          tags,
          summary: 'Recently read chapters',
          querystring: HistoryQuery,
          response: { 200: HistoryResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        return { data: await progress.history(request.query, readerKeys.forRead(request)) };
      },
    );

    app.delete(
      '/reader/history',
      {
        config: { rateLimit: LIMITS.follows },
        schema: {
          tags,
          summary: 'Clear the history, read markers and Continue positions',
          response: { 200: HistoryCleared, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: { cleared: await progress.clearHistory(readerKeys.forRead(request)) } } }),
    );

    app.put(
      '/user/follows/:bookUuid',
      {
        config: { rateLimit: LIMITS.follows },
        schema: { tags, summary: 'Follow a book', params: BookUuidParams, response: { 200: FollowResponse, ...errorResponses } },
      },
      async (request) => {
        await follows.follow(requireUser(request).id, request.params.bookUuid);
        return { data: { result: { following: true } } };
      },
    );

    app.delete(
      '/user/follows/:bookUuid',
      {
        config: { rateLimit: LIMITS.follows },
        schema: { tags, summary: 'Stop following a book', params: BookUuidParams, response: { 200: FollowResponse, ...errorResponses } },
      },
      async (request) => {
        await follows.unfollow(requireUser(request).id, request.params.bookUuid);
        return { data: { result: { following: false } } };
      },
    );

    app.get(
      '/user/library',
      {
        schema: {
          tags,
          summary: 'Followed books, most recently updated first, with unread new chapters',
          querystring: LanguageQuery,
          response: { 200: LibraryResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        return { data: { result: await follows.library(requireUser(request).id, request.query.language) } };
      },
    );

    app.get(
      '/user/library/summary',
      {
        schema: {
          tags,
          summary: 'How many followed books have unread new chapters (and, ext, how many reply alerts are unread)',
          response: { 200: LibrarySummaryResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        const userId = requireUser(request).id;
        const [summary, unreadAlerts] = await Promise.all([follows.summary(userId), alerts?.unreadCount(userId)]);
        return { data: { result: unreadAlerts === undefined ? summary : { ...summary, unread_alerts: unreadAlerts } } };
      },
    );
  };
}
