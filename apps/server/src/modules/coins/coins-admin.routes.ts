import {
  AdminBookParams,
  AdminChapterParams,
  AdminCoinGrantBody,
  AdminCoinGrantResponse,
  AdminCoinPackCreateBody,
  AdminCoinPackListResponse,
  AdminCoinPackResponse,
  AdminCoinPackUpdateBody,
  AdminUserParams,
  BookUnlockSettingsBody,
  BookUnlockSettingsResponse,
  ChapterPriceBody,
  ChapterPriceResponse,
  CoinPackIdParams,
  CoinReportQuery,
  CoinReportResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { actorOf } from '../audit/admin-actor.js';
import type { CoinsAdminService } from './coins-admin.service.js';

/**
 * Coins in the console (inside the admin scope, behind its guard): each book's way of selling
 * chapters, chapter prices, the packs, gifts of coins to a reader, and the report.
 */
export function coinsAdminRoutes(coins: CoinsAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['admin'];

    app.get(
      '/books/:bookUuid/unlocks',
      {
        schema: {
          tags,
          summary: "How a book's locked chapters are sold: membership only (coin_price null) or membership or coins",
          params: AdminBookParams,
          response: { 200: BookUnlockSettingsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await coins.bookUnlocks(request.params.bookUuid) }),
    );
    app.patch(
      '/books/:bookUuid/unlocks',
      {
        schema: {
          tags,
          summary: "Change a book's price per chapter (null: membership only) and wait-for-free hours",
          params: AdminBookParams,
          body: BookUnlockSettingsBody,
          response: { 200: BookUnlockSettingsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await coins.setBookUnlocks(actorOf(request), request.params.bookUuid, request.body) }),
    );
    app.patch(
      '/chapters/:chapterUuid/price',
      {
        schema: {
          tags,
          summary: "A chapter's own price in coins (null: the book's)",
          params: AdminChapterParams,
          body: ChapterPriceBody,
          response: { 200: ChapterPriceResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await coins.setChapterPrice(actorOf(request), request.params.chapterUuid, request.body.coin_price) }),
    );
    app.get(
      '/coin-packs',
      {
        schema: {
          tags,
          summary: 'Every coin pack, on sale or withdrawn, with its paid orders',
          response: { 200: AdminCoinPackListResponse, ...errorResponses },
        },
      },
      async () => ({ data: { items: await coins.listPacks() } }),
    );
    app.post(
      '/coin-packs',
      {
        schema: {
          tags,
          summary: 'Create a coin pack (409 PAYMENT_LINK_TAKEN when another pack has its payment link)',
          body: AdminCoinPackCreateBody,
          response: { 200: AdminCoinPackResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await coins.createPack(actorOf(request), request.body) }),
    );
    app.patch(
      '/coin-packs/:id',
      {
        schema: {
          tags,
          summary: 'Change a coin pack (only the given fields); is_active false withdraws it (packs are never deleted)',
          params: CoinPackIdParams,
          body: AdminCoinPackUpdateBody,
          response: { 200: AdminCoinPackResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await coins.updatePack(actorOf(request), request.params.id, request.body) }),
    );
    app.post(
      '/users/:userUuid/coins',
      {
        schema: {
          tags,
          summary: 'Give a reader coins, with a reason their history and the audit log keep',
          params: AdminUserParams,
          body: AdminCoinGrantBody,
          response: { 200: AdminCoinGrantResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await coins.grantCoins(actorOf(request), request.params.userUuid, request.body.coins, request.body.reason),
      }),
    );
    app.get(
      '/reports/coins',
      {
        schema: {
          tags,
          summary: 'The coin economy in a period [from, to) (30 days to now by default): sold, spent, outstanding, unlocks, revenue, books',
          querystring: CoinReportQuery,
          response: { 200: CoinReportResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await coins.report(request.query) }),
    );
  };
}
