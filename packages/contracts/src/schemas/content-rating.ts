import { Type, type Static } from 'typebox';
import { ClosedObject, Data } from './common.js';
import { CONTENT_DESCRIPTORS } from '../constants.js';

/**
 * Issue 61: a book's content rating and descriptors (docs/CONTENT.md "Content ratings"). The rating
 * is one of four, from the mildest; the site's rule (site settings `adult_books`, …) decides who is
 * shown which, in one place on the server (apps/server/src/modules/access/content-rating.ts).
 */

export const ContentRating = Type.Union([Type.Literal('all_ages'), Type.Literal('teen'), Type.Literal('mature'), Type.Literal('adult')], {
  description: 'Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult',
});

export const ContentDescriptor = Type.Union(
  [
    Type.Literal('violence'),
    Type.Literal('gore'),
    Type.Literal('sexual_content'),
    Type.Literal('nudity'),
    Type.Literal('language'),
    Type.Literal('drugs'),
    Type.Literal('horror'),
    Type.Literal('self_harm'),
  ],
  { description: 'Ext (issue 61): a content descriptor' },
);
export const ContentDescriptors = Type.Array(ContentDescriptor, { maxItems: CONTENT_DESCRIPTORS.length, uniqueItems: true });

/** Site setting `adult_books`: adult books are off entirely, or shown to signed-in readers who confirmed their age. */
export const ADULT_BOOKS_MODES = ['off', 'confirmed_readers'] as const;
export const AdultBooksMode = Type.Union([Type.Literal('off'), Type.Literal('confirmed_readers')], {
  description: 'Ext (issue 61): off (no reader sees an adult book) or confirmed_readers (signed-in readers who confirmed their age)',
});
/** Site setting `adult_books_for_others`, with confirmed_readers: what everyone else meets of an adult book. */
export const AdultBooksForOthers = Type.Union([Type.Literal('hidden'), Type.Literal('blurred')], {
  description:
    'Ext (issue 61), with adult_books confirmed_readers: others see nothing of an adult book (hidden), or a card without its cover (blurred)',
});

/** Ext fields of a book's card and page: its rating and whether its cover is shown blurred or not at all. */
export const contentRatingFields = () => ({
  content_rating: Type.Optional(ContentRating),
  cover_blurred: Type.Optional(
    Type.Boolean({
      description:
        'Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null)',
    }),
  ),
});

/** The reader's own age confirmation (`/user/age_confirmation`). */
export const AgeConfirmation = Type.Object({
  confirmed: Type.Boolean(),
  confirmed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Whether the site shows adult books to confirmed readers at all (site setting adult_books). */
  adult_books: AdultBooksMode,
});
export type AgeConfirmation = Static<typeof AgeConfirmation>;
export const AgeConfirmationResponse = Data(Type.Object({ result: AgeConfirmation }));
export const AgeConfirmationBody = ClosedObject({
  confirm: Type.Literal(true, { description: 'The reader says they are 18 or older (or of age where they live)' }),
});
export type AgeConfirmationBody = Static<typeof AgeConfirmationBody>;
