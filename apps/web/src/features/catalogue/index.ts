// The catalogue's public face for other features (the import rules: scripts/check-imports-web.mjs).
export { BookCard } from './BookCard';
export { BookCover } from './BookCover';
export { tagsQuery, useTags } from './use-book-search';
