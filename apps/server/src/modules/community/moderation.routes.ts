import {
  BanParams,
  BanResponse,
  BansQuery,
  BansResponse,
  BookCommentsParams,
  BookCommentsResponse,
  ErrorCode,
  HeldQuery,
  HeldResponse,
  LiftBanResponse,
  ModerationActionResponse,
  ModerationCommentParams,
  PostWordFilterBody,
  PutBanBody,
  PutBookCommentsBody,
  PutReviewStateBody,
  ReaderCommunityQuery,
  ReaderCommunityResponse,
  ReportsQuery,
  ReportsResponse,
  ReviewParams,
  AdminReviewsQuery,
  ReviewsResponse,
  ReviewStateResponse,
  WordFilterParams,
  WordFilterPreviewBody,
  WordFilterPreviewResponse,
  WordFilterResponse,
  WordFiltersResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/route-schema.js';
import { actorOf } from '../audit/admin-actor.js';
import type { CommentAction, ModerationService } from './moderation.service.js';

const schema = <T extends object>(summary: string, parts: T) => ({ schema: { tags: ['admin'], summary, ...parts } });

/**
 * `/admin/comments/…` (inside the admin scope, so administrators only): the reports queue, held
 * comments, hide / show / delete / dismiss, bans, the word filter, the per-book switch and review
 * hiding (docs/COMMUNITY.md "Moderation"). With COMMUNITY=off every one of them answers 404.
 */
export function moderationAdminRoutes(moderation: ModerationService) {
  return async (base: FastifyInstance) => {
    await base.register(async (scope) => {
      if (!moderation.enabled) {
        scope.addHook('onRequest', async () => {
          throw new AppError(ErrorCode.NOT_FOUND, 404, 'Comments are switched off on this site');
        });
      }
      const app = scope.withTypeProvider<TypeBoxTypeProvider>();

      app.get(
        '/comments/reports',
        schema('Reported comments, most reported first, then oldest', {
          querystring: ReportsQuery,
          response: { 200: ReportsResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.reports(request.query) }),
      );
      app.get(
        '/comments/held',
        schema('Comments the word filter held, oldest first', {
          querystring: HeldQuery,
          response: { 200: HeldResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.held(request.query) }),
      );

      const action = (path: string, name: CommentAction, summary: string) =>
        app.post(
          `/comments/:comment_uuid/${path}`,
          schema(summary, { params: ModerationCommentParams, response: { 200: ModerationActionResponse, ...errorResponses } }),
          async (request) => ({ data: await moderation.act(actorOf(request), request.params.comment_uuid, name) }),
        );
      action('hide', 'hide', "Hide a comment from readers (its author still sees it); resolves its reports 'hidden'");
      action('show', 'show', 'Show a hidden comment again, or approve a held one; resolves its open reports as dismissed');
      action('delete', 'delete', "Delete a comment (its text is emptied); resolves its reports 'deleted'");
      app.post(
        '/comments/:comment_uuid/dismiss',
        schema("Resolve a comment's open reports as dismissed; the comment is untouched", {
          params: ModerationCommentParams,
          response: { 200: ModerationActionResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.dismiss(actorOf(request), request.params.comment_uuid) }),
      );

      app.get(
        '/comments/bans',
        schema('Readers banned from commenting now, newest ban first', {
          querystring: BansQuery,
          response: { 200: BansResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.bans(request.query) }),
      );
      app.put(
        '/comments/bans/:user_uuid',
        schema('Ban a reader from commenting and rating until an instant, or for good (until: null)', {
          params: BanParams,
          body: PutBanBody,
          response: { 200: BanResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.ban(actorOf(request), request.params.user_uuid, request.body) }),
      );
      app.delete(
        '/comments/bans/:user_uuid',
        schema("Lift a reader's ban", { params: BanParams, response: { 200: LiftBanResponse, ...errorResponses } }),
        async (request) => ({ data: await moderation.liftBan(actorOf(request), request.params.user_uuid) }),
      );
      app.get(
        '/comments/readers/:user_uuid',
        schema("A reader's ban and latest comments (the console's reader page)", {
          params: BanParams,
          querystring: ReaderCommunityQuery,
          response: { 200: ReaderCommunityResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.reader(request.params.user_uuid, request.query.language) }),
      );

      app.get(
        '/comments/word-filters',
        schema('The word filter', { response: { 200: WordFiltersResponse, ...errorResponses } }),
        async () => ({ data: await moderation.wordFilters() }),
      );
      app.post(
        '/comments/word-filters',
        schema('Add a word or phrase to the word filter (409 when its folded form is there already)', {
          body: PostWordFilterBody,
          response: { 201: WordFilterResponse, ...errorResponses },
        }),
        async (request, reply) => {
          const created = await moderation.addWordFilter(actorOf(request), request.body);
          return reply.code(201).send({ data: created });
        },
      );
      app.delete(
        '/comments/word-filters/:id',
        schema('Remove a word filter entry', {
          params: WordFilterParams,
          response: { 200: Type.Object({ data: Type.Object({ deleted: Type.Literal(true) }) }), ...errorResponses },
        }),
        async (request) => {
          await moderation.removeWordFilter(actorOf(request), request.params.id);
          return { data: { deleted: true as const } };
        },
      );
      app.post(
        '/comments/word-filters/preview',
        schema('What a sample text becomes under the word filter (nothing stored)', {
          body: WordFilterPreviewBody,
          response: { 200: WordFilterPreviewResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.previewWordFilter(request.body.text) }),
      );

      app.get(
        '/comments/books/:book_uuid',
        schema("Whether a book's comments are closed", {
          params: BookCommentsParams,
          response: { 200: BookCommentsResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.bookComments(request.params.book_uuid) }),
      );
      app.put(
        '/comments/books/:book_uuid',
        schema("Close or open a book's comments", {
          params: BookCommentsParams,
          body: PutBookCommentsBody,
          response: { 200: BookCommentsResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.setBookComments(actorOf(request), request.params.book_uuid, request.body.closed) }),
      );

      app.get(
        '/comments/reviews',
        schema('Book reviews, most recently written first', {
          querystring: AdminReviewsQuery,
          response: { 200: ReviewsResponse, ...errorResponses },
        }),
        async (request) => ({ data: await moderation.reviews(request.query) }),
      );
      app.put(
        '/comments/reviews/:book_uuid/:user_uuid',
        schema("Hide a reader's review of a book, or show it again", {
          params: ReviewParams,
          body: PutReviewStateBody,
          response: { 200: ReviewStateResponse, ...errorResponses },
        }),
        async (request) => ({
          data: await moderation.setReviewState(actorOf(request), request.params.book_uuid, request.params.user_uuid, request.body.state),
        }),
      );
    });
  };
}
