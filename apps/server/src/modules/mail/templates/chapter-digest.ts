import { letter } from './letter.js';

/**
 * New chapters of followed books and replies to the reader's comments (issue 31), at most one a
 * day (list: digest): data from notices/digest.ts. Either list may be empty (its heading goes with it).
 */
const template = letter({ paragraph: 'intro' }, { list: 'list', heading: 'heading' }, { list: 'replies', heading: 'replies_heading' });
export default template;
