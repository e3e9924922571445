import {
  AutoUnlockBody,
  AutoUnlockResponse,
  AutoUnlockSettingsBody,
  AutoUnlockSettingsResponse,
  AutoUnlockUndoBody,
  AutoUnlockUndoResponse,
  InsufficientCoinsError,
  RentBody,
  RentResponse,
  UnlockAllBody,
  UnlockAllPreviewResponse,
  UnlockAllQuery,
  UnlockAllResponse,
  UnlockAllTotalChangedError,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { CoinOptionsService } from './coin-options.service.js';

/** Issue 59: rentals, auto-unlock (and its undo), unlock all (docs/API.md "Coins"): signed-in readers only. */
export function coinOptionsRoutes(options: CoinOptionsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['coins'];
    const config = { rateLimit: LIMITS.coinUnlocks };

    app.post(
      '/comics/chapter/rent',
      {
        config,
        schema: {
          tags,
          summary: "Ext: rent a paid chapter for the book's rental days at its rental price",
          body: RentBody,
          response: { 200: RentResponse, 402: InsufficientCoinsError, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await options.rent(requireUser(request), request.body.chapter_uuid) } }),
    );

    app.put(
      '/user/book/auto_unlock',
      {
        config,
        schema: {
          tags,
          summary: "Ext: turn the reader's auto-unlock of a book on (with a spending cap) or off",
          body: AutoUnlockSettingsBody,
          response: { 200: AutoUnlockSettingsResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: {
          result: await options.setAutoUnlock(requireUser(request), request.body.book_uuid, request.body.enabled, request.body.cap),
        },
      }),
    );

    app.post(
      '/comics/chapter/auto_unlock',
      {
        config,
        schema: {
          tags,
          summary: 'Ext: the reader reached the end of this chapter: auto-unlock the next one if they opted in and their cap allows',
          body: AutoUnlockBody,
          response: { 200: AutoUnlockResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await options.autoUnlock(requireUser(request), request.body.chapter_uuid) } }),
    );

    app.post(
      '/comics/chapter/auto_unlock/undo',
      {
        config,
        schema: {
          tags,
          summary: 'Ext: undo an auto-unlock within its minute: the chapter locks again and the coins come back, once',
          body: AutoUnlockUndoBody,
          response: { 200: AutoUnlockUndoResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await options.undoAutoUnlock(requireUser(request), request.body.chapter_uuid) } }),
    );

    app.get(
      '/user/book/unlock_all',
      {
        schema: {
          tags,
          summary: 'Ext: the chapters of a book still locked for the reader and what unlocking them all costs now',
          querystring: UnlockAllQuery,
          response: { 200: UnlockAllPreviewResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await options.unlockAllPreview(requireUser(request), request.query.book_uuid) } }),
    );

    app.post(
      '/comics/book/unlock_all',
      {
        config,
        schema: {
          tags,
          summary: 'Ext: unlock every chapter still locked, all or none, at the previewed total',
          body: UnlockAllBody,
          response: { 200: UnlockAllResponse, 402: InsufficientCoinsError, 409: UnlockAllTotalChangedError, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await options.unlockAll(requireUser(request), request.body.book_uuid, request.body.total) },
      }),
    );
  };
}
