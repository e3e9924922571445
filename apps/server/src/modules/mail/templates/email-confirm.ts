import { letter } from './letter.js';

/** "Confirm your e-mail address": data { username, link (secret), hours }. */
const template = letter({ paragraph: 'intro' }, { button: 'button', href: 'link' }, { paragraph: 'expiry' });
export default template;
