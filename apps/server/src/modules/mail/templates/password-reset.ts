import { letter } from './letter.js';

/** The reset link: data { username, link (secret), minutes }. */
const template = letter({ paragraph: 'intro' }, { button: 'button', href: 'link' }, { paragraph: 'expiry' }, { paragraph: 'not_you' });
export default template;
