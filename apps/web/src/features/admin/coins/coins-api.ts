import type {
  AdminCoinPack,
  AdminCoinPackCreateBody,
  AdminCoinPackUpdateBody,
  BookUnlockSettings,
  BookUnlockSettingsBody,
  CoinReport,
} from '@inkstream/contracts';
import { client, data } from '../../../lib/api-fetch';

/** Coins in the console (issue 42): book prices, packs, gifts to a reader, the report. */
export const coinsApi = {
  bookUnlocks: (bookUuid: string): Promise<BookUnlockSettings> =>
    data(client.GET('/api/v1/admin/books/{bookUuid}/unlocks', { params: { path: { bookUuid } } })),
  setBookUnlocks: (bookUuid: string, body: BookUnlockSettingsBody): Promise<BookUnlockSettings> =>
    data(client.PATCH('/api/v1/admin/books/{bookUuid}/unlocks', { params: { path: { bookUuid } }, body })),
  setChapterPrice: (chapterUuid: string, coinPrice: number | null): Promise<{ coin_price: number | null }> =>
    data(
      client.PATCH('/api/v1/admin/chapters/{chapterUuid}/price', { params: { path: { chapterUuid } }, body: { coin_price: coinPrice } }),
    ),
  packs: (): Promise<AdminCoinPack[]> => data(client.GET('/api/v1/admin/coin-packs')).then((list) => list.items),
  createPack: (body: AdminCoinPackCreateBody): Promise<AdminCoinPack> => data(client.POST('/api/v1/admin/coin-packs', { body })),
  updatePack: (id: number, body: AdminCoinPackUpdateBody): Promise<AdminCoinPack> =>
    data(client.PATCH('/api/v1/admin/coin-packs/{id}', { params: { path: { id } }, body })),
  grant: (userUuid: string, body: { coins: number; reason: string }): Promise<{ balance: number }> =>
    data(client.POST('/api/v1/admin/users/{userUuid}/coins', { params: { path: { userUuid } }, body })),
  report: (query: { from?: string; to?: string; language?: string }): Promise<CoinReport> =>
    data(client.GET('/api/v1/admin/reports/coins', { params: { query: query as never } })),
};
