import { letter } from './letter.js';

/** To the old, confirmed address when the account's address changes: data { username, new_address (masked), link }. */
const template = letter({ paragraph: 'intro' }, { paragraph: 'not_you' }, { button: 'button', href: 'link' });
export default template;
