import type { LegalKind } from '@inkstream/contracts';

/** A language's built-in privacy and terms texts (Markdown with {{placeholders}}, legal-render.ts). */
export type DefaultLegalTexts = Readonly<Record<LegalKind, string>>;
