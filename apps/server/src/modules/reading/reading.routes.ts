import {
  ChapterContentParams,
  ChapterContentQuery,
  ChapterContentResponse,
  FavorBody,
  FavorResponse,
  UnfavorResponse,
  LockedChapterError,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { allowPublicCache, PUBLIC_CACHE } from '../../http/cache-rules.js';
import { wantsLighterImages } from '../../http/data-saver.js';
import type { ReadingService } from './reading.service.js';

export function readingRoutes(reading: ReadingService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['reader'];

    app.get(
      '/comics/chapter_comics/:chapterUuid/:language',
      {
        // The account is checked in the reader state's statement: one statement per member read.
        config: { publicCache: PUBLIC_CACHE.freeChapter, authInHandler: true },
        schema: {
          tags,
          summary: 'Chapter content; paid chapters need a running membership',
          params: ChapterContentParams,
          querystring: ChapterContentQuery,
          // A locked chapter's 403 places it in its book (ext fields) so the reader can move on.
          response: { 200: ChapterContentResponse, 403: LockedChapterError, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { json, sameForEveryVisitor, user } = await reading.chapterContent(
          request.params,
          { user: request.user, claims: request.tokenClaims },
          { lighterImages: wantsLighterImages(request.headers, request.query) },
        );
        request.user = user;
        // Signed URLs and like state are per reader: only a free chapter asked by a visitor is shared.
        if (sameForEveryVisitor) allowPublicCache(reply);
        else reply.header('cache-control', 'private, no-store');
        // Already JSON in the schema's shape (chapter-answer.ts): Fastify sends a JSON string as it is,
        // so the schema documents this answer but does not serialise it again.
        reply.header('content-type', 'application/json; charset=utf-8');
        return reply.send(json as unknown as Static<typeof ChapterContentResponse>);
      },
    );

    app.post(
      '/comics/chapter/favor',
      {
        config: { rateLimit: LIMITS.chapterLikes },
        schema: { tags, summary: 'Like a chapter (once per user)', body: FavorBody, response: { 200: FavorResponse, ...errorResponses } },
      },
      async (request) => ({
        data: { result: await reading.like(requireUser(request), request.body.book_uuid, request.body.chapter_uuid) },
      }),
    );

    app.delete(
      '/comics/chapter/favor',
      {
        config: { rateLimit: LIMITS.chapterLikes },
        schema: {
          tags,
          summary: 'Ext: take back a chapter like (the same body as the like; none there: no change)',
          body: FavorBody,
          response: { 200: UnfavorResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await reading.unlike(requireUser(request), request.body.book_uuid, request.body.chapter_uuid) },
      }),
    );
  };
}
