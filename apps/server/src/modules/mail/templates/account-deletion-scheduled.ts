import { letter } from './letter.js';

/** The account will be erased (issue 43): data { username, erase_at (formatted), days, link (the login page) }. */
const template = letter({ paragraph: 'intro' }, { paragraph: 'cancel' }, { button: 'button', href: 'link' });
export default template;
