import { letter } from './letter.js';

/** The account was erased (issue 43), to the address it held: data { username (the name it had) }. */
const template = letter({ paragraph: 'intro' }, { paragraph: 'kept' });
export default template;
