import { letter } from './letter.js';

/**
 * "Download my data": the archive is ready (data-rights/export/). Data: username, link (the
 * profile's "Your data" section, where the download is: it needs the reader's login), expires_at
 * (when the archive is removed, in UTC), days (how long it is kept). No link to the archive itself:
 * a forwarded message must not open it.
 */
const template = letter({ paragraph: 'intro' }, { paragraph: 'kept' }, { button: 'button', href: 'link' }, { paragraph: 'not_you' });
export default template;
