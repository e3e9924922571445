import {
  ChapterCommentsParams,
  CommentLikeResponse,
  CommentParams,
  CommunityRefusal,
  CommentResponse,
  CommentsQuery,
  CommentsResponse,
  CommunityStandingResponse,
  DeleteCommentResponse,
  EditCommentBody,
  ErrorCode,
  PostCommentBody,
  ReportCommentBody,
  ReportCommentResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PUBLIC_CACHE } from '../../http/cache-rules.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { CommentsService } from './comments.service.js';

/**
 * Chapter comments (issue 31; docs/COMMUNITY.md "Comments", docs/API.md). With COMMUNITY=off
 * every call answers 404 NOT_FOUND before anything else is read.
 */
export function commentsRoutes(comments: CommentsService, options: { enabled: boolean }) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['community'];
    if (!options.enabled) {
      app.addHook('onRequest', async () => {
        throw notFound(ErrorCode.NOT_FOUND, 'Not found');
      });
    }
    // The per-address flood limits, counted in the rate-limit store (Redis when configured) only
    // for a comment that passed every other rule (comments.service.ts, BeforeStore); every call,
    // refused or not, counts against the account's LIMITS.commentPosts.
    const byAddress = [app.createRateLimit(LIMITS.commentsByAddressBurst), app.createRateLimit(LIMITS.commentsByAddressHour)];
    const addressFlood = (request: FastifyRequest) => async () => {
      for (const check of byAddress) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError(
            ErrorCode.RATE_LIMITED,
            429,
            `Too many comments from this address; try again in ${result.ttlInSeconds} seconds`,
            undefined,
            result.ttlInSeconds,
          );
        }
      }
    };
    const writeErrors = { 403: CommunityRefusal, ...errorResponses };

    app.get(
      '/comics/chapter/:chapter_uuid/comments',
      {
        // Visitors share a short-lived copy; a reader's answer (their likes, their held comments) is private.
        config: { publicCache: PUBLIC_CACHE.commentPages },
        schema: {
          tags,
          summary: "A page of a chapter's comments, or of a comment's replies (parent_uuid)",
          params: ChapterCommentsParams,
          querystring: CommentsQuery,
          response: { 200: CommentsResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (request.user) reply.header('cache-control', 'private, no-store');
        return { data: await comments.list(request.params.chapter_uuid, request.query, request.user) };
      },
    );

    app.post(
      '/comics/chapter/:chapter_uuid/comments',
      {
        config: { rateLimit: LIMITS.commentPosts },
        schema: {
          tags,
          summary: 'Post a comment or a reply (one level: a reply to a reply joins its thread)',
          params: ChapterCommentsParams,
          body: PostCommentBody,
          response: { 201: CommentResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const result = await comments.post(user, request.params.chapter_uuid, request.body, addressFlood(request));
        return reply.code(201).send({ data: { result } });
      },
    );

    app.patch(
      '/comics/comment/:comment_uuid',
      {
        config: { rateLimit: LIMITS.commentActions },
        schema: {
          tags,
          summary: 'Edit your comment (text and spoiler mark)',
          params: CommentParams,
          body: EditCommentBody,
          response: { 200: CommentResponse, ...writeErrors },
        },
      },
      async (request) => ({ data: { result: await comments.edit(requireUser(request), request.params.comment_uuid, request.body) } }),
    );

    app.delete(
      '/comics/comment/:comment_uuid',
      {
        config: { rateLimit: LIMITS.commentActions },
        schema: {
          tags,
          summary: 'Delete your comment',
          params: CommentParams,
          response: { 200: DeleteCommentResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await comments.remove(requireUser(request), request.params.comment_uuid) } }),
    );

    for (const [method, liked] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/comics/comment/:comment_uuid/like',
        config: { rateLimit: LIMITS.commentActions },
        schema: {
          tags,
          summary: liked ? 'Like a comment (once per reader)' : 'Ext: take back a like',
          params: CommentParams,
          response: { 200: CommentLikeResponse, ...errorResponses },
        },
        handler: async (request) => ({
          data: { result: await comments.like(requireUser(request), (request.params as { comment_uuid: string }).comment_uuid, liked) },
        }),
      });
    }

    app.post(
      '/comics/comment/:comment_uuid/report',
      {
        config: { rateLimit: LIMITS.commentReports },
        schema: {
          tags,
          summary: 'Report a comment to the moderators (once per reader; again: no change)',
          params: CommentParams,
          body: ReportCommentBody,
          response: { 200: ReportCommentResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await comments.report(requireUser(request), request.params.comment_uuid, request.body) },
      }),
    );

    app.get(
      '/user/community',
      {
        schema: {
          tags,
          summary: 'What the caller may do in the community: a ban and its reason, when links are allowed',
          response: { 200: CommunityStandingResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { data: { result: await comments.standing(requireUser(request)) } };
      },
    );
  };
}
