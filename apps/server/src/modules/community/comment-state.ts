// Moved to comment-state.repository.ts (only repositories run SQL); kept while branches that import it merge.
export { moveVisibleCounters, setCommentState, type CommentStateChange } from './comment-state.repository.js';
