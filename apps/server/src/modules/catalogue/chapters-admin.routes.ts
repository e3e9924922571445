import {
  AdminBookParams,
  AdminChapterListQuery,
  AdminChapterListResponse,
  AdminChapterParams,
  AdminChapterResponse,
  ChapterOrderBody,
  ChapterOrderResponse,
  ChapterScheduleBody,
  ChapterTitlesBody,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { actorOf } from '../audit/admin-actor.js';
import type { ChaptersAdminService } from './chapters-admin.service.js';

/** `/admin/books/:bookUuid/chapters…` and `/admin/chapters/…` (inside the admin scope, behind its guard). */
export function chaptersAdminRoutes(chapters: ChaptersAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['admin'];
    const one = { 200: AdminChapterResponse, ...errorResponses };

    app.get(
      '/books/:bookUuid/chapters',
      {
        schema: {
          tags,
          summary: 'Every chapter of a book, published or not, by number',
          params: AdminBookParams,
          querystring: AdminChapterListQuery,
          response: { 200: AdminChapterListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await chapters.list(request.params.bookUuid, request.query.page, request.query.page_size) }),
    );
    app.post(
      '/books/:bookUuid/chapters/order',
      {
        schema: {
          tags,
          summary: 'Renumber the chapters 1..n in the given order (all chapters of the book)',
          params: AdminBookParams,
          body: ChapterOrderBody,
          response: { 200: ChapterOrderResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { renumbered: await chapters.reorder(actorOf(request), request.params.bookUuid, request.body.chapter_uuids) },
      }),
    );
    app.put(
      '/chapters/:chapterUuid',
      {
        schema: {
          tags,
          summary: "Set a chapter's titles per language",
          params: AdminChapterParams,
          body: ChapterTitlesBody,
          response: one,
        },
      },
      async (request) => ({ data: await chapters.updateTitles(actorOf(request), request.params.chapterUuid, request.body.titles) }),
    );
    app.post(
      '/chapters/:chapterUuid/publish',
      { schema: { tags, summary: 'Publish a chapter now (cancels a schedule)', params: AdminChapterParams, response: one } },
      async (request) => ({ data: await chapters.setPublished(actorOf(request), request.params.chapterUuid, true) }),
    );
    app.post(
      '/chapters/:chapterUuid/unpublish',
      { schema: { tags, summary: 'Unpublish a chapter (cancels a schedule)', params: AdminChapterParams, response: one } },
      async (request) => ({ data: await chapters.setPublished(actorOf(request), request.params.chapterUuid, false) }),
    );
    app.put(
      '/chapters/:chapterUuid/schedule',
      {
        schema: {
          tags,
          summary: 'Schedule a release (publish_at in the future) or cancel it (null)',
          params: AdminChapterParams,
          body: ChapterScheduleBody,
          response: one,
        },
      },
      async (request) => ({ data: await chapters.schedule(actorOf(request), request.params.chapterUuid, request.body.publish_at) }),
    );
  };
}
