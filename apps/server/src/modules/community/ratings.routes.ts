import {
  BookRatingParams,
  BookRatingResponse,
  BookReviewsResponse,
  CommunityRefusal,
  ErrorCode,
  PutRatingBody,
  ReviewsQuery,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { RatingsService } from './ratings.service.js';

/** The answers carry the caller's own rating: no shared cache may keep them. */
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/**
 * Writes per account: rating is a click, but a reader trying scores or editing a review may click
 * often; 30 a minute stops a script, never a reader.
 */
const RATING_WRITES = LIMITS.ratingWrites;

/** Book ratings and reviews (ext, issue 31; docs/API.md). With COMMUNITY=off every call is 404 NOT_FOUND. */
export function ratingsRoutes(ratings: RatingsService, options: { enabled: boolean }) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['community'];
    if (!options.enabled) {
      app.addHook('onRequest', async (request) => {
        throw new AppError(ErrorCode.NOT_FOUND, 404, `No route for ${request.method} ${request.url.split('?')[0]}`);
      });
    }

    app.get(
      '/comics/book/:book_uuid/rating',
      {
        schema: {
          tags,
          summary: "Ext: a book's ratings: average, Bayesian average, count, distribution and the caller's own",
          params: BookRatingParams,
          response: { 200: BookRatingResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        return { data: { result: await ratings.summary(request.params.book_uuid, request.user?.id ?? null) } };
      },
    );

    app.put(
      '/comics/book/:book_uuid/rating',
      {
        config: { rateLimit: RATING_WRITES },
        schema: {
          tags,
          summary: 'Ext: rate a book 1 to 10 with an optional short review (one per reader; a new call changes it)',
          params: BookRatingParams,
          body: PutRatingBody,
          response: { 200: BookRatingResponse, 403: CommunityRefusal, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        privateAnswer(reply);
        return { data: { result: await ratings.rate(user, request.params.book_uuid, request.body) } };
      },
    );

    app.delete(
      '/comics/book/:book_uuid/rating',
      {
        config: { rateLimit: RATING_WRITES },
        schema: {
          tags,
          summary: "Ext: withdraw the caller's rating and review of a book",
          params: BookRatingParams,
          response: { 200: BookRatingResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        privateAnswer(reply);
        return { data: { result: await ratings.withdraw(user, request.params.book_uuid) } };
      },
    );

    app.get(
      '/comics/book/:book_uuid/reviews',
      {
        schema: {
          tags,
          summary: "Ext: a book's reviews, newest first (the caller's own held or hidden one flagged)",
          params: BookRatingParams,
          querystring: ReviewsQuery,
          response: { 200: BookReviewsResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        return { data: await ratings.reviews(request.params.book_uuid, request.query, request.user?.id ?? null) };
      },
    );
  };
}
