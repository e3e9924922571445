import type { CoinEntry } from '@inkstream/contracts';

/** A line of a reader's coin history as the wallet answers it: a 500-coin purchase unless `fields` say otherwise. */
export const coinEntry = (fields: Partial<CoinEntry>): CoinEntry => ({
  kind: 'purchase',
  coins: 500,
  balance_after: 500,
  at: '2026-12-01T12:00:00.000Z',
  order_id: null,
  chapter_uuid: null,
  book_uuid: null,
  book_title: null,
  chapter_number: null,
  reason: null,
  ...fields,
});
