// The rules live in contracts (packages/contracts/src/person-slug.ts): the web app links a book's
// credited names to the same /author/{slug} pages the server answers.
export { personSlug, splitCredit } from '@inkstream/contracts/person-slug';
