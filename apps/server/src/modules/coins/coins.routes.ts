import {
  BookUnlocksQuery,
  BookUnlocksResponse,
  FreeUnlockBody,
  FreeUnlockNotReadyError,
  InsufficientCoinsError,
  FreeUnlockResponse,
  UnlockBody,
  UnlockResponse,
  WalletResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { UnlocksService } from './unlocks.service.js';

/** Coins, unlocks and wait-for-free (issue 42, docs/API.md "Coins"): signed-in readers only. */
export function coinsRoutes(unlocks: UnlocksService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['coins'];

    app.get(
      '/user/wallet',
      {
        schema: {
          tags,
          summary: 'Ext: the coin balance and its history, newest first',
          response: { 200: WalletResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await unlocks.wallet(requireUser(request).id) } }),
    );

    app.get(
      '/user/book/unlocks',
      {
        schema: {
          tags,
          summary: "Ext: the reader's unlocks of a book: price, wait-for-free, chapters held",
          querystring: BookUnlocksQuery,
          response: { 200: BookUnlocksResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await unlocks.bookUnlocks(requireUser(request), request.query.book_uuid) } }),
    );

    app.post(
      '/comics/chapter/unlock',
      {
        config: { rateLimit: LIMITS.coinUnlocks },
        schema: {
          tags,
          summary: 'Ext: unlock a paid chapter (and the next locked ones) with coins, for good',
          body: UnlockBody,
          response: { 200: UnlockResponse, 402: InsufficientCoinsError, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await unlocks.unlock(requireUser(request), request.body.chapter_uuid, request.body.count ?? 1) },
      }),
    );

    app.post(
      '/comics/chapter/unlock_free',
      {
        config: { rateLimit: LIMITS.coinUnlocks },
        schema: {
          tags,
          summary: "Ext: wait-for-free: unlock the reader's first locked chapter of the book (or only the named one), when ready",
          body: FreeUnlockBody,
          response: { 200: FreeUnlockResponse, 429: FreeUnlockNotReadyError, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await unlocks.unlockFree(requireUser(request), request.body.book_uuid, request.body.chapter_uuid) },
      }),
    );
  };
}
