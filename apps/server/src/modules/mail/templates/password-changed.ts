import { letter } from './letter.js';

/** After a reset or a change of the password: data { username, link (the forgotten-password page) }. */
const template = letter({ paragraph: 'intro' }, { paragraph: 'not_you' }, { button: 'button', href: 'link' });
export default template;
