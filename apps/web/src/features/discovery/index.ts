// Discovery's public face for other features (issue 46): the rows and lines the book page and the
// reader show. The pages themselves are routes (routes/SchedulePage, RankingsPage, AuthorPage).
export { AlsoReadRow } from './AlsoReadRow';
export { CreatorLinks } from './CreatorLinks';
export { NextReleaseLine } from './NextReleaseLine';
export { formatReleaseDate } from './release-format';
