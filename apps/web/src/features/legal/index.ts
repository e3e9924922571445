// The legal pages' public face (issue 43): what the register form and the console use.
export { LegalConsent, useShownLegalVersions, type ShownLegalVersions } from './LegalConsent';
export { LegalText } from './LegalDocumentView';
