import { letter } from './letter.js';

/**
 * Two-step sign-in was turned on, turned off, or given new recovery codes (users/two-step.ts).
 * Data: username, and one of turned_on_at / turned_off_at / new_codes_at (when, in UTC): the
 * table shows the row whose field is present.
 */
const template = letter(
  { paragraph: 'intro' },
  {
    rows: [
      ['turned_on', 'turned_on_at'],
      ['turned_off', 'turned_off_at'],
      ['new_codes', 'new_codes_at'],
    ],
  },
  { paragraph: 'not_you' },
);

export default template;
