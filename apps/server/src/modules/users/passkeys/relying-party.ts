/**
 * The WebAuthn relying party is the site at PUBLIC_URL: passkeys are bound to its host name (the
 * RP ID) and answers are accepted only from its origin, so a passkey made here never signs for
 * another site, and an answer made on another page is refused.
 */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { rpID: url.hostname.replace(/^\[|\]$/g, ''), origin: url.origin };
}
