import type { MailBlock, MailTemplate } from '../mail-template.js';

/**
 * Not a kind of message (no kind is named "letter"): the frame every template here shares, with
 * the subject, greeting and footer under their usual string keys, so a template names only its body.
 */
export function letter(...body: MailBlock[]): MailTemplate {
  return { subject: 'subject', greeting: 'greeting', body, footer: 'footer' };
}
