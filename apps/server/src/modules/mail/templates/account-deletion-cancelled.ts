import { letter } from './letter.js';

/** A login (or an operator at the reader's request) cancelled the account's deletion (issue 43): data { username }. */
const template = letter({ paragraph: 'intro' }, { paragraph: 'not_you' });
export default template;
