import type { BookRatingSummary } from '@inkstream/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ratingsApi } from './api-ratings';

/** Few at a time: the reviews sit above the chapter list. */
export const REVIEWS_PAGE_SIZE = 5;

/** The summary carries the caller's own rating: its key includes who asks. */
export const ratingKey = (bookUuid: string, userUuid: string | null) => ['book-rating', bookUuid, userUuid ?? 'visitor'] as const;
export const reviewsKey = (bookUuid: string) => ['book-reviews', bookUuid] as const;

export function useRatingSummary(bookUuid: string, userUuid: string | null) {
  return useQuery({ queryKey: ratingKey(bookUuid, userUuid), queryFn: () => ratingsApi.summary(bookUuid) });
}

export function useReviews(bookUuid: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...reviewsKey(bookUuid), page],
    queryFn: () => ratingsApi.reviews(bookUuid, page, REVIEWS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Save or withdraw: the answer is the new summary; the reviews list is read again. */
export function useRatingWrites(bookUuid: string, userUuid: string | null) {
  const client = useQueryClient();
  const settle = (summary: BookRatingSummary) => {
    client.setQueryData(ratingKey(bookUuid, userUuid), summary);
    void client.invalidateQueries({ queryKey: reviewsKey(bookUuid) });
  };
  const save = useMutation({
    mutationFn: (input: { score: number; review: string }) =>
      ratingsApi.rate(bookUuid, input.score, input.review.trim() === '' ? null : input.review),
    onSuccess: settle,
  });
  const withdraw = useMutation({ mutationFn: () => ratingsApi.withdraw(bookUuid), onSuccess: settle });
  return { save, withdraw };
}
