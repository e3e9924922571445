/** Outgoing mail's settings, read by config.ts from the environment and handed to createMail. */
export interface MailConfig {
  /** `smtp://` or `smtps://` URL, credentials allowed; never logged (`describeSmtpUrl` hides the password). */
  readonly smtpUrl: string | null;
  /** The From header: `"Site" <no-reply@host>`. */
  readonly from: string;
  /** Where messages go when there is no SMTP server. */
  readonly emlDir: string;
}
