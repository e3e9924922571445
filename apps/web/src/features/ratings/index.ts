// The ratings feature's public face (issue 31): the book page's section, the card and header figure, the community switch. Other features import only this file.
export { BookRatings } from './BookRatings';
export { RatingsDisclosure } from './RatingsDisclosure';
export { cardRating, formatRating, formatShortCount } from './rating-format';
export { useCommunityEnabled } from './use-community';
