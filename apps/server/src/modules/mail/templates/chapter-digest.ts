import { letter } from './letter.js';

/** New chapters of followed books, at most one a day (list: digest): data from notices/digest.ts. */
const template = letter({ paragraph: 'intro' }, { list: 'list', heading: 'heading' });
export default template;
